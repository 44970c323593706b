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

/** A segment whose rows are added (1) or taken away (−1). */
export type SignedSegment = Segment & { sign: 1 | -1 };

/**
 * A cover for sums only (counts, moves, taps; never visitor sketches, which cannot be taken
 * away): as `coverRange`, but a month mostly inside the range is read whole, less the days of it
 * outside. A month row holds exactly the sums of its days' rows (the fold writes both from the
 * same facts), so M − D(outside) = D(inside), read in fewer rows: the console's default range,
 * the 30 days up to today, is a few days, a month and the days after today, which have no rows.
 * Ranges not on Japan days are covered as `coverRange` covers them.
 * @example netCover(dayStart('Asia/Tokyo', '2026-10-28'), dayStart('Asia/Tokyo', '2026-11-27'), true) // days 28–31 Oct, November less 27–30 Nov
 */
export function netCover(start: number, end: number, hours: boolean): SignedSegment[] {
  if (end <= start || dayBucket(start) !== start || dayBucket(end) !== end) return coverRange(start, end, hours).map((segment) => ({ ...segment, sign: 1 }));
  const segments: SignedSegment[] = [];
  const add = (segment: SignedSegment) => {
    const last = segments.at(-1);
    if (last && last.grain === segment.grain && last.sign === segment.sign && last.to === segment.from) last.to = segment.to;
    else segments.push(segment);
  };
  for (let month = monthBucket(start); month < end; month = nextMonthBucket(month)) {
    const next = nextMonthBucket(month);
    const from = Math.max(start, month);
    const to = Math.min(end, next);
    // Japan days are 24 hours, so these are day counts.
    const inside = (to - from) / DAY_MS;
    const outside = (next - month) / DAY_MS - inside;
    if (outside === 0) add({ grain: 'm', from: month, to: next, sign: 1 });
    else if (1 + outside < inside) {
      add({ grain: 'm', from: month, to: next, sign: 1 });
      if (from > month) add({ grain: 'd', from: month, to: from, sign: -1 });
      if (to < next) add({ grain: 'd', from: to, to: next, sign: -1 });
    } else add({ grain: 'd', from, to, sign: 1 });
  }
  return segments;
}
