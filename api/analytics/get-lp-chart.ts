import type { ChartUnit, LpChart } from '../../model/analytics-report.ts';
import { periods } from '../../model/zoned-calendar.ts';
import type { Db } from '../db/open-database.ts';
import type { ReportSite } from './report-site.ts';
import { rangeView, type ReportRange } from './report-range.ts';
import { countUsersPeriods, type RollupFilter, sumSitePeriods } from './report-sums.ts';

/** The time chart: the site's counts and users per day or month of the range, in its zone. */
export async function getLpChart(db: Db, site: ReportSite, range: ReportRange, unit: ChartUnit, filter: RollupFilter): Promise<LpChart> {
  const cut = periods(range.tz, range.from, range.to, unit);
  const counts = await sumSitePeriods(db, site, cut, filter);
  const users = await countUsersPeriods(db, site, cut, filter);
  return { range: rangeView(range), unit, points: cut.map((period, i) => ({ period: period.label, users: users[i]!, ...counts[i]! })) };
}
