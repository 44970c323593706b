import type { Counts, LpSummary } from '../../model/analytics-report.ts';
import type { Db } from '../db/open-database.ts';
import type { ReportSite } from './report-site.ts';
import { previousRange, rangeView, type ReportRange } from './report-range.ts';
import { countUsersPeriods, type RollupFilter, sumSitePeriods } from './report-sums.ts';

type Kpi = { value: number; previous: number; change: number | null };

function kpi(value: number, previous: number): Kpi {
  return { value, previous, change: previous === 0 ? null : (value - previous) / previous };
}

export const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** The KPI cards of B §2: users, swipe PV, CV and CV rate, CTA, popup, SNS clicks, calls, bounce rate, registrations, each beside the previous period. */
export async function getLpSummary(db: Db, site: ReportSite, range: ReportRange, filter: RollupFilter): Promise<LpSummary> {
  const before = previousRange(range);
  const periods = [before.period, range.period];
  const [was, now] = (await sumSitePeriods(db, site, periods, filter)) as [Counts, Counts];
  const [usersWas, usersNow] = (await countUsersPeriods(db, site, periods, filter)) as [number, number];
  return summaryOf(range, before, { counts: now, users: usersNow }, { counts: was, users: usersWas });
}

type Figures = { counts: Counts; users: number };

/** The cards from the range's and the previous range's sums: a site's, or the account's sites' added up. */
export function summaryOf(range: ReportRange, before: ReportRange, current: Figures, previous: Figures): LpSummary {
  const { counts: now, users: usersNow } = current;
  const { counts: was, users: usersWas } = previous;
  return {
    range: rangeView(range),
    previous: { from: before.from, to: before.to },
    kpis: {
      users: kpi(usersNow, usersWas),
      swipePv: kpi(now.views, was.views),
      cv: kpi(now.conversions, was.conversions),
      cvRate: kpi(ratio(now.conversions, usersNow), ratio(was.conversions, usersWas)),
      // Both kinds of call to action a page has: its button and its link areas.
      ctaClicks: kpi(now.ctaClicks + now.linkClicks, was.ctaClicks + was.linkClicks),
      popupClicks: kpi(now.popupClicks, was.popupClicks),
      snsClicks: kpi(now.snsClicks, was.snsClicks),
      calls: kpi(now.calls, was.calls),
      bounceRate: kpi(ratio(now.bounces, now.landings), ratio(was.bounces, was.landings)),
      registrations: kpi(now.registrations, was.registrations),
    },
  };
}
