import { DAY_MS, dayBucket, type Grain, HOUR_MS, monthBucket, nextMonthBucket } from './rollup-buckets.ts';

/** Rows of one grain whose bucket lies in [from, to). */
export type Segment = { grain: Grain; from: number; to: number };

/** The first bucket of a grain starting at or after `at`. */
function firstStart(grain: Grain, at: number): number {
  if (grain === 'h') return Math.ceil(at / HOUR_MS) * HOUR_MS;
  if (grain === 'd') {
    const day = dayBucket(at);
    return day < at ? day + DAY_MS : day;
  }
  const month = monthBucket(at);
  return month < at ? nextMonthBucket(month) : month;
}

function nextStart(grain: Grain, bucket: number): number {
  if (grain === 'h') return bucket + HOUR_MS;
  if (grain === 'd') return bucket + DAY_MS;
  return nextMonthBucket(bucket);
}

/**
 * The rows that make up [start, end): whole Japan months, then whole Japan days at the ends,
 * then hours for what is left (a zone whose midnight is not Japan's). An hour is taken when it
 * starts inside the range, so consecutive ranges (a chart's periods) share no hour and lose none.
 * Without `hours` (visitor sketches, edges and taps are kept by day and month only), the days at
 * the ends are taken when they start inside the range.
 * @example coverRange(Date.parse('2026-01-31T15:00Z'), Date.parse('2026-03-02T15:00Z'), true) // Feb as a month, 1–2 March as days
 */
export function coverRange(start: number, end: number, hours: boolean): Segment[] {
  const segments: Segment[] = [];
  const fill = (grain: Grain, from: number, to: number, finer: Grain | null) => {
    const first = firstStart(grain, from);
    let last = first;
    // Whole buckets only, except at the finest grain, where a bucket starting inside counts.
    while (last < to && (finer === null || nextStart(grain, last) <= to)) last = nextStart(grain, last);
    if (last === first) {
      if (finer) fill(finer, from, to, finer === 'd' && hours ? 'h' : null);
      return;
    }
    if (finer) fill(finer, from, first, finer === 'd' && hours ? 'h' : null);
    segments.push({ grain, from: first, to: last });
    if (finer) fill(finer, last, to, finer === 'd' && hours ? 'h' : null);
  };
  if (end > start) fill('m', start, end, 'd');
  return segments.sort((a, b) => a.from - b.from);
}
