import type { AccountLpSummary } from '../../model/analytics-report.ts';
import type { Db } from '../db/open-database.ts';
import type { AccountSite } from './account-sites.ts';
import { sumAccountPeriods } from './account-sums.ts';
import { ratio, summaryOf } from './get-lp-summary.ts';
import { previousRange, type ReportRange } from './report-range.ts';
import type { RollupFilter } from './report-sums.ts';

/** The KPI cards over the account's sites (users merged, so a visitor of two sites counts once), and each site's users, swipe PV, CV and CV rate over the range. */
export async function getAccountLpSummary(db: Db, sites: readonly AccountSite[], range: ReportRange, filter: RollupFilter): Promise<AccountLpSummary> {
  const before = previousRange(range);
  const sums = await sumAccountPeriods(db, sites, [before.period, range.period], filter);
  const figures = (i: number) => ({ counts: sums.counts[i]!, users: sums.users[i]! });
  return {
    ...summaryOf(range, before, figures(1), figures(0)),
    sites: sums.sites.map(({ site, counts, users }) => ({
      siteId: site.id,
      name: site.name,
      users: users[1]!,
      swipePv: counts[1]!.views,
      cv: counts[1]!.conversions,
      cvRate: ratio(counts[1]!.conversions, users[1]!),
    })),
  };
}
