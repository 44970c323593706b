import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayStart } from '../../model/zoned-calendar.ts';
import { coverRange, netCover } from './range-cover.ts';
import { DAY_MS, HOUR_MS, nextMonthBucket } from './rollup-buckets.ts';

const spanOf = (grain: 'h' | 'd' | 'm', bucket: number) => (grain === 'h' ? HOUR_MS : grain === 'd' ? DAY_MS : nextMonthBucket(bucket) - bucket);

/** Every bucket a cover names, with its span. */
function buckets(segments: ReturnType<typeof coverRange>): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const segment of segments) for (let at = segment.from; at < segment.to; at += spanOf(segment.grain, at)) out.push({ start: at, end: at + spanOf(segment.grain, at) });
  return out.sort((a, b) => a.start - b.start);
}

describe('coverRange (which rollup rows make up a range)', () => {
  it('takes whole Japan months, then days, for a Japan-time range', () => {
    const segments = coverRange(dayStart('Asia/Tokyo', '2026-01-30'), dayStart('Asia/Tokyo', '2026-03-03'), true);
    expect(segments).toEqual([
      { grain: 'd', from: dayStart('Asia/Tokyo', '2026-01-30'), to: dayStart('Asia/Tokyo', '2026-02-01') },
      { grain: 'm', from: dayStart('Asia/Tokyo', '2026-02-01'), to: dayStart('Asia/Tokyo', '2026-03-01') },
      { grain: 'd', from: dayStart('Asia/Tokyo', '2026-03-01'), to: dayStart('Asia/Tokyo', '2026-03-03') },
    ]);
  });

  it('tiles any whole-hour range exactly, with no bucket twice and none outside', () => {
    const hour = fc.integer({ min: 490_000, max: 500_000 }).map((h) => h * HOUR_MS);
    fc.assert(
      fc.property(hour, fc.integer({ min: 1, max: 24 * 200 }), (start, hours) => {
        const end = start + hours * HOUR_MS;
        const tiles = buckets(coverRange(start, end, true));
        expect(tiles[0]!.start).toBe(start);
        expect(tiles.at(-1)!.end).toBe(end);
        for (let i = 1; i < tiles.length; i++) expect(tiles[i]!.start).toBe(tiles[i - 1]!.end);
      }),
    );
  });

  it('without hours, gives each day to the range it starts in, so consecutive ranges share none', () => {
    const a = dayStart('America/New_York', '2026-05-01');
    const b = dayStart('America/New_York', '2026-05-08');
    const c = dayStart('America/New_York', '2026-05-15');
    const first = buckets(coverRange(a, b, false)).map((t) => t.start);
    const second = buckets(coverRange(b, c, false)).map((t) => t.start);
    expect(first.filter((start) => second.includes(start))).toEqual([]);
    expect(first.length + second.length).toBe(14);
  });
});

describe('netCover (sums read as months less the days outside)', () => {
  const day = (date: string) => dayStart('Asia/Tokyo', date);

  it('reads the 30 days up to the 26th as four days, the month, less the four days after', () => {
    expect(netCover(day('2026-10-28'), day('2026-11-27'), true)).toEqual([
      { grain: 'd', from: day('2026-10-28'), to: day('2026-11-01'), sign: 1 },
      { grain: 'm', from: day('2026-11-01'), to: day('2026-12-01'), sign: 1 },
      { grain: 'd', from: day('2026-11-27'), to: day('2026-12-01'), sign: -1 },
    ]);
  });

  it('counts every Japan day of any range once and no day outside it, months and days taken away included', () => {
    const first = day('2025-01-01');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 1, max: 420 }), (offset, length) => {
        const start = first + offset * DAY_MS;
        const end = start + length * DAY_MS;
        const net = new Map<number, number>();
        for (const segment of netCover(start, end, true)) {
          for (const tile of buckets([segment])) {
            for (let at = tile.start; at < tile.end; at += DAY_MS) net.set(at, (net.get(at) ?? 0) + segment.sign);
          }
        }
        const counted = [...net].filter(([, times]) => times !== 0);
        expect(counted.every(([, times]) => times === 1)).toBe(true);
        expect(counted.map(([at]) => at).sort((a, b) => a - b)).toEqual(Array.from({ length: length }, (_, i) => start + i * DAY_MS));
      }),
    );
  });

  it('covers a range not on Japan days as coverRange does, adding every segment', () => {
    const start = dayStart('America/New_York', '2026-05-01');
    const end = dayStart('America/New_York', '2026-07-15');
    expect(netCover(start, end, true)).toEqual(coverRange(start, end, true).map((segment) => ({ ...segment, sign: 1 })));
  });
});
