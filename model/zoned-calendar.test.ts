import { describe, expect, it } from 'vitest';
import { addYears, dayStart, isTimeZone, localDate, periods } from './zoned-calendar.ts';

describe('zoned calendar (reports in Japan time by default)', () => {
  it('starts a Japan day at 15:00 UTC the day before', () => {
    expect(dayStart('Asia/Tokyo', '2026-01-02')).toBe(Date.parse('2026-01-01T15:00:00Z'));
    expect(localDate('Asia/Tokyo', Date.parse('2026-01-01T15:00:00Z'))).toBe('2026-01-02');
    expect(localDate('Asia/Tokyo', Date.parse('2026-01-01T14:59:59Z'))).toBe('2026-01-01');
  });

  it('follows daylight saving: a New York day in March can be 23 hours long', () => {
    const start = dayStart('America/New_York', '2026-03-08');
    const next = dayStart('America/New_York', '2026-03-09');
    expect(start).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(next - start).toBe(23 * 3_600_000);
  });

  it('cuts a range into days or months, the ends cut at the range', () => {
    expect(periods('Asia/Tokyo', '2026-01-30', '2026-02-01', 'day').map((p) => p.label)).toEqual(['2026-01-30', '2026-01-31', '2026-02-01']);
    const months = periods('Asia/Tokyo', '2026-01-15', '2026-03-10', 'month');
    expect(months.map((p) => p.label)).toEqual(['2026-01-15', '2026-02-01', '2026-03-01']);
    expect(months.at(-1)!.end).toBe(dayStart('Asia/Tokyo', '2026-03-11'));
    for (let i = 1; i < months.length; i++) expect(months[i]!.start).toBe(months[i - 1]!.end);
  });

  it('knows zones and a year back from a leap day', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(addYears('2028-02-29', -1)).toBe('2027-02-28');
  });
});
