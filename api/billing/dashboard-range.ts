import { addMonths, type BillingMonth, billingMonthOf } from '../../model/billing-month.ts';
import { type DashboardUnit, monthRangeIssue, REVENUE_DEFAULT_MONTHS } from '../../model/dashboard.ts';
import { JAPAN_TIME_ZONE, localDate, type Period, periods } from '../../model/zoned-calendar.ts';
import { type ReportRange, resolveRange } from '../analytics/report-range.ts';
import { fieldError } from '../http/errors.ts';

/** Billing counts days and months in Japan time; a dashboard takes no other zone. */
const ZONE = JAPAN_TIME_ZONE;

/** A dashboard's day range, checked by the analytics reports' rules (B §5) with their messages; 30 days up to today by default. */
export function dashboardRange(query: { from?: string | undefined; to?: string | undefined }, now: Date): ReportRange {
  return resolveRange({ from: query.from, to: query.to, tz: ZONE }, now);
}

/** The days or months of a range, as the trend's points. */
export function dashboardPeriods(range: ReportRange, unit: DashboardUnit): Period[] {
  return periods(ZONE, range.from, range.to, unit);
}

/**
 * Adds per-day figures (keyed by the Japan date) into the periods that hold those days: a
 * period runs from its label to the next one's.
 */
export function foldDays<T>(cut: readonly Period[], days: ReadonlyMap<string, T>, zero: () => T, add: (sum: T, day: T) => T): T[] {
  const sums = cut.map(() => zero());
  for (const [day, value] of days) {
    // Periods are few (at most 366) and sorted: the last one starting on or before the day holds it.
    let index = -1;
    for (let i = 0; i < cut.length && cut[i]!.label <= day; i++) index = i;
    if (index >= 0) sums[index] = add(sums[index]!, value);
  }
  return sums;
}

/** A range of billing months, by the same rules counted in months; the twelve months up to the current one by default. */
export function monthRange(query: { from?: BillingMonth | undefined; to?: BillingMonth | undefined }, now: Date): { from: BillingMonth; to: BillingMonth } {
  const current = billingMonthOf(now.getTime());
  const to = query.to ?? (query.from && query.from > current ? query.from : current);
  const from = query.from ?? addMonths(to, 1 - REVENUE_DEFAULT_MONTHS);
  const issue = monthRangeIssue(from, to, localDate(ZONE, now.getTime()));
  if (issue) throw fieldError('validation', [issue === 'reportOverYearAgo' ? 'from' : 'to'], issue);
  return { from, to };
}

/** One billing month, the current one by default, by the same rules. */
export function dashboardMonth(month: BillingMonth | undefined, now: Date): BillingMonth {
  const chosen = month ?? billingMonthOf(now.getTime());
  const issue = monthRangeIssue(chosen, chosen, localDate(ZONE, now.getTime()));
  if (issue) throw fieldError('validation', ['month'], issue);
  return chosen;
}
