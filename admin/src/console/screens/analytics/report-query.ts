import { REPORT_DEFAULT_DAYS, reportQuerySchema, reportRangeIssue, type ReportRangeIssue } from '../../../../../model/analytics-report.ts';
import type { analyticsContracts } from '../../../../../model/contracts/analytics.ts';
import type { ContractQuery } from '../../../../../model/contracts/contract.ts';
import { addDays, JAPAN_TIME_ZONE, localDate } from '../../../../../model/zoned-calendar.ts';

/**
 * What every section of the analytics screen asks its report with: the range and filters of the
 * lp contract's query, as a client sends them. The screen keeps them in the address's query, so a
 * reload or a shared link shows the same report.
 */
export type ReportQuery = NonNullable<ContractQuery<typeof analyticsContracts.getLpSummary>>;

type Field = keyof typeof reportQuerySchema.shape;
const { shape } = reportQuerySchema;

/** A parameter's value when the contract's schema for it accepts it; a refused or empty one is absent. */
function valid<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: string | null): T | undefined {
  if (value === null || value === '') return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The report query an address's search parameters hold: each field the contract's schema accepts,
 * one that it refuses dropped (a hand-edited address shows all rather than an error), and the
 * range the API takes by default, the 30 days up to today in the report's zone (Japan time),
 * written out so the date fields show it.
 * @example reportQueryOf(new URLSearchParams('device=mobile&lang=xx'), '2026-11-26') // { from: '2026-10-28', to: '2026-11-26', device: 'mobile' }
 */
export function reportQueryOf(search: URLSearchParams, today?: string): ReportQuery {
  const tz = valid(shape.tz, search.get('tz'));
  const from = valid(shape.from, search.get('from'));
  const now = today ?? localDate(tz ?? JAPAN_TIME_ZONE, Date.now());
  const to = valid(shape.to, search.get('to')) ?? (from && from > now ? from : now);
  const filters = {
    tz,
    lang: valid(shape.lang, search.get('lang')),
    device: valid(shape.device, search.get('device')),
    source: valid(shape.source, search.get('source')),
    variant: valid(shape.variant, search.get('variant')),
  };
  const given = Object.fromEntries(Object.entries(filters).filter((entry) => entry[1] !== undefined)) as Partial<typeof filters>;
  return { ...given, from: from ?? addDays(to, 1 - REPORT_DEFAULT_DAYS), to };
}

/** The address's search with the query's fields replaced: an emptied field is removed, other parameters (the tab, the chart's metric) kept. */
export function searchWith(search: URLSearchParams, patch: Partial<Record<Field, string>>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [field, value] of Object.entries(patch)) {
    if (value) next.set(field, value);
    else next.delete(field);
  }
  return next;
}

/** B §5's report date rules as the API judges them, said beside the field at fault before anything is asked. */
export function rangeIssueOf(query: ReportQuery, today?: string): { field: 'from' | 'to'; key: ReportRangeIssue } | null {
  const { from, to } = query;
  if (!from || !to) return null;
  const key = reportRangeIssue(from, to, today ?? localDate(query.tz ?? JAPAN_TIME_ZONE, Date.now()));
  return key ? { field: key === 'reportOverYearAgo' ? 'from' : 'to', key } : null;
}
