import { REPORT_DEFAULT_DAYS, type ReportRangeIssue, reportRangeIssue } from '../../../../../model/analytics-report.ts';
import { type DashboardUnit, dashboardRangeQuerySchema } from '../../../../../model/dashboard.ts';
import { addDays, JAPAN_TIME_ZONE, localDate } from '../../../../../model/zoned-calendar.ts';

/** The summary's range as the address keeps it (a reload or a shared link shows the same), every field written out. */
export type DashboardQuery = { from: string; to: string; unit: DashboardUnit };

const { shape } = dashboardRangeQuerySchema;

/** Today in Japan time: billing's days, whatever the browser's zone. */
export const japanToday = (): string => localDate(JAPAN_TIME_ZONE, Date.now());

/**
 * The query an address's search holds: a field the contract's schema refuses is dropped (a
 * hand-edited address shows the default rather than an error); the API's default, the 30 days up
 * to today, written out so the date fields show it.
 * @example dashboardQueryOf(new URLSearchParams('unit=month&from=bad'), '2026-11-26') // { from: '2026-10-28', to: '2026-11-26', unit: 'month' }
 */
export function dashboardQueryOf(search: URLSearchParams, today: string = japanToday()): DashboardQuery {
  const read = <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, name: string): T | undefined => {
    const value = search.get(name);
    if (!value) return undefined;
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const from = read(shape.from, 'from');
  const to = read(shape.to, 'to') ?? (from && from > today ? from : today);
  return { from: from ?? addDays(to, 1 - REPORT_DEFAULT_DAYS), to, unit: read(shape.unit, 'unit') ?? 'day' };
}

/** B §5's report date rules as the API judges them, said beside the field at fault before anything is asked. */
export function dashboardRangeIssue(query: DashboardQuery, today: string = japanToday()): { field: 'from' | 'to'; key: ReportRangeIssue } | null {
  const key = reportRangeIssue(query.from, query.to, today);
  return key ? { field: key === 'reportOverYearAgo' ? 'from' : 'to', key } : null;
}
