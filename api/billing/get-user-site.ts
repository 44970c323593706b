import { sql } from 'drizzle-orm';
import type { DashboardUnit, UserSite } from '../../model/dashboard.ts';
import type { ReportRange } from '../analytics/report-range.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { dashboardPeriods, foldDays } from './dashboard-range.ts';
import { type DashboardScope, scopeAccounts } from './dashboard-scope.ts';
import { japanDay } from './japan-day.ts';

/** B §2 "sites created": the sites of the caller's branch created in each day or month of the range (Japan time), over the range, to date, and how many are live. */
export async function getUserSite(db: Db, scope: DashboardScope, range: ReportRange, unit: DashboardUnit): Promise<UserSite> {
  const rows = await db.all<{ day: string | null; n: number; live: number }>(sql`${scopeAccounts(scope, false)}
    SELECT CASE WHEN x.created_at >= ${new Date(range.period.start)} AND x.created_at < ${new Date(range.period.end)} THEN ${japanDay(sql`x.created_at`)} END AS day,
      count(*) AS n, sum(CASE WHEN x.live_version IS NOT NULL THEN 1 ELSE 0 END) AS live
    FROM scope_accounts s JOIN ${sites} x ON x.owner_id = s.id
    WHERE s.counted = 1
    GROUP BY day`);
  const days = new Map<string, number>();
  let toDate = 0;
  let published = 0;
  for (const row of rows) {
    toDate += row.n;
    published += row.live;
    if (row.day !== null) days.set(row.day, row.n);
  }
  const cut = dashboardPeriods(range, unit);
  const sums = foldDays(
    cut,
    days,
    () => 0,
    (a, b) => a + b,
  );
  return {
    range: { from: range.from, to: range.to, unit },
    points: cut.map((period, i) => ({ period: period.label, sites: sums[i]! })),
    inRange: sums.reduce((a, b) => a + b, 0),
    toDate,
    published,
  };
}
