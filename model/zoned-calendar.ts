/**
 * Days and months as a time zone sees them, for reports "in Japan time by default" (B §1, §5).
 * A day is named `YYYY-MM-DD`; its instant is its local midnight in UTC milliseconds. Only
 * `Intl` is used, so any IANA zone works, daylight saving included.
 */

/** The product's zone: plan changes, report days and rollup days are Japan time (B §1). */
export const JAPAN_TIME_ZONE = 'Asia/Tokyo';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * Whether `Intl` knows the zone.
 * @example isTimeZone('Asia/Tokyo') // true; isTimeZone('Mars/Olympus') // false
 */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

type Fields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function fieldsAt(timeZone: string, at: number): Fields {
  const fields: Fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatter(timeZone).formatToParts(new Date(at))) {
    if (part.type in fields) fields[part.type as keyof Fields] = Number(part.value);
  }
  return fields;
}

/** The zone's offset from UTC at an instant, in milliseconds (Tokyo: +9 h). */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const f = fieldsAt(timeZone, at);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - (at - (((at % 1000) + 1000) % 1000));
}

/**
 * The local date of an instant.
 * @example localDate('Asia/Tokyo', Date.parse('2026-01-01T15:00:00Z')) // '2026-01-02'
 */
export function localDate(timeZone: string, at: number): string {
  const f = fieldsAt(timeZone, at);
  return `${String(f.year).padStart(4, '0')}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
}

/**
 * The instant a local date starts (its first moment: midnight, or the first hour that exists).
 * @example dayStart('Asia/Tokyo', '2026-01-02') // Date.parse('2026-01-01T15:00:00Z')
 */
export function dayStart(timeZone: string, date: string): number {
  const key = `${timeZone} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const naive = Date.UTC(year, month - 1, day);
    // Two rounds settle the offset, also across a daylight-saving change on that day.
    start = naive - zoneOffsetMs(timeZone, naive);
    start = naive - zoneOffsetMs(timeZone, start);
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/**
 * Days already placed: each costs four `Intl` calls, and a year's day chart asks for 366 of them,
 * the same ones on every call. Bounded: a few years of days in a few zones.
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 20_000;

/**
 * The date `days` later (earlier when negative), on the calendar alone.
 * @example addDays('2026-02-28', 1) // '2026-03-01'
 */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The same day `years` earlier or later; 29 February becomes the 28th in a common year.
 * @example addYears('2028-02-29', -1) // '2027-02-28'
 */
export function addYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const last = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** The first day of the next month. @example nextMonth('2026-12-05') // '2027-01-01' */
export function nextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** A period of a report: its label (the local date it starts) and its instants, `end` excluded. */
export type Period = { label: string; start: number; end: number };

/**
 * The days or months from `from` to `to` (local dates, both included), cut at the range's ends:
 * a month chart of 15 March to 10 May has three periods, the first starting on the 15th.
 * @example periods('Asia/Tokyo', '2026-01-30', '2026-02-01', 'day').map((p) => p.label) // ['2026-01-30', '2026-01-31', '2026-02-01']
 */
export function periods(timeZone: string, from: string, to: string, unit: 'day' | 'month'): Period[] {
  const out: Period[] = [];
  const stop = addDays(to, 1);
  let start = dayStart(timeZone, from);
  for (let label = from; label < stop; ) {
    let next = unit === 'day' ? addDays(label, 1) : nextMonth(label);
    if (next > stop) next = stop;
    const end = dayStart(timeZone, next);
    out.push({ label, start, end });
    label = next;
    start = end;
  }
  return out;
}
