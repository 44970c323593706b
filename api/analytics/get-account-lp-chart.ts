import type { ChartUnit, LpChart } from '../../model/analytics-report.ts';
import { periods } from '../../model/zoned-calendar.ts';
import type { Db } from '../db/open-database.ts';
import type { AccountSite } from './account-sites.ts';
import { sumAccountPeriods } from './account-sums.ts';
import { rangeView, type ReportRange } from './report-range.ts';
import type { RollupFilter } from './report-sums.ts';

/** The time chart over the account's sites: counts added up, users merged per day or month. */
export async function getAccountLpChart(db: Db, sites: readonly AccountSite[], range: ReportRange, unit: ChartUnit, filter: RollupFilter): Promise<LpChart> {
  const cut = periods(range.tz, range.from, range.to, unit);
  const sums = await sumAccountPeriods(db, sites, cut, filter);
  return { range: rangeView(range), unit, points: cut.map((period, i) => ({ period: period.label, users: sums.users[i]!, ...sums.counts[i]! })) };
}
