/**
 * B §5's date rule for what an owner enters: with a start date, an end date is required, after
 * the start and later than now ("invalid date range"). No start, no rule: the thing is not
 * scheduled. Only for input: a stored range whose end has passed is simply over.
 * @example validDateRange('2030-01-01T00:00:00Z', null, new Date()) // false: the end is missing
 */
export function validDateRange(start: string | null | undefined, end: string | null | undefined, now: Date): boolean {
  if (!start) return true;
  if (!end) return false;
  const endAt = Date.parse(end);
  return endAt > Date.parse(start) && endAt > now.getTime();
}
