import { REPORT_DEFAULT_DAYS, reportRangeIssue } from '../../model/analytics-report.ts';
import { addDays, dayStart, localDate, type Period } from '../../model/zoned-calendar.ts';
import { fieldError } from '../http/errors.ts';
import type { RollupFilter } from './report-sums.ts';

/** A report's range once its rules passed: local dates in `tz`, both included, and the instants they span. */
export type ReportRange = { from: string; to: string; tz: string; period: Period };

/**
 * The range a query asks for, checked by B §5's report rules against today in its zone; a
 * refusal names the field at fault with B §8's message.
 */
export function resolveRange(query: { from?: string | undefined; to?: string | undefined; tz: string }, now: Date): ReportRange {
  const today = localDate(query.tz, now.getTime());
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, 1 - REPORT_DEFAULT_DAYS);
  const issue = reportRangeIssue(from, to, today);
  if (issue) throw fieldError('validation', [issue === 'reportOverYearAgo' ? 'from' : 'to'], issue);
  return rangeOf(from, to, query.tz);
}

export function rangeOf(from: string, to: string, tz: string): ReportRange {
  return { from, to, tz, period: { label: from, start: dayStart(tz, from), end: dayStart(tz, addDays(to, 1)) } };
}

/** The same number of days just before: what the KPI cards compare with. */
export function previousRange(range: ReportRange): ReportRange {
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  return rangeOf(addDays(range.from, -days), addDays(range.from, -1), range.tz);
}

/** The filters of a query, as the rollups store them. */
export function filterOf(query: RollupFilter): RollupFilter {
  return { lang: query.lang, device: query.device, source: query.source, variant: query.variant };
}

/** The range as answered. */
export function rangeView(range: ReportRange): { from: string; to: string; tz: string } {
  return { from: range.from, to: range.to, tz: range.tz };
}
