/**
 * B §5 "Dates: if a start date is entered, an end date is required and must be after the start
 * and later than now." Used by the API's schemas and the console's forms alike, so both refuse
 * the same ranges with the same message (B §8 "invalid date range").
 *
 * `now` is optional: a schema checks the order (what holds at any time); the server checks the
 * range again against its own clock, which a test can set.
 * @example dateRangeIssue('2030-01-02T00:00:00Z', '2030-01-01T00:00:00Z') // 'invalidDateRange'
 */
export function dateRangeIssue(start: string | null | undefined, end: string | null | undefined, now?: Date): 'invalidDateRange' | null {
  if (!start) return null;
  if (!end) return 'invalidDateRange';
  const from = Date.parse(start);
  const to = Date.parse(end);
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from) return 'invalidDateRange';
  if (now && to <= now.getTime()) return 'invalidDateRange';
  return null;
}

/** The same rule as a yes/no, for callers that judge a range against their own clock. */
export function validDateRange(start: string | null | undefined, end: string | null | undefined, now: Date): boolean {
  return dateRangeIssue(start, end, now) === null;
}
