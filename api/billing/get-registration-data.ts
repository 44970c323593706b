import { sql } from 'drizzle-orm';
import { COMPANY_TYPES, type CompaniesByType, type DashboardUnit, type RegistrationData } from '../../model/dashboard.ts';
import type { ReportRange } from '../analytics/report-range.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { dashboardPeriods, foldDays } from './dashboard-range.ts';
import { type DashboardScope, scopeAccounts } from './dashboard-scope.ts';
import { japanDay } from './japan-day.ts';

const zero = (): CompaniesByType => ({ OEM_MASTER: 0, OEM_ADMIN: 0, USER: 0 });
const plus = (a: CompaniesByType, b: CompaniesByType): CompaniesByType => ({ OEM_MASTER: a.OEM_MASTER + b.OEM_MASTER, OEM_ADMIN: a.OEM_ADMIN + b.OEM_ADMIN, USER: a.USER + b.USER });
const total = (byType: CompaniesByType) => byType.OEM_MASTER + byType.OEM_ADMIN + byType.USER;
const isCompanyType = (type: string): type is keyof CompaniesByType => (COMPANY_TYPES as readonly string[]).includes(type);

/**
 * B §2 "companies introduced": the customer accounts (OEM masters, OEM admins, users; not the
 * platform's staff nor sub-admins) of the caller's branch created in each day or month of the
 * range (Japan time), over the range, and to date.
 */
export async function getRegistrationData(db: Db, scope: DashboardScope, range: ReportRange, unit: DashboardUnit): Promise<RegistrationData> {
  const types = sql.join(
    COMPANY_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  const rows = await db.all<{ day: string | null; type: string; n: number }>(sql`${scopeAccounts(scope, false)}
    SELECT CASE WHEN a.created_at >= ${new Date(range.period.start)} AND a.created_at < ${new Date(range.period.end)} THEN ${japanDay(sql`a.created_at`)} END AS day,
      a.account_type AS type, count(*) AS n
    FROM scope_accounts s JOIN ${accounts} a ON a.id = s.id
    WHERE s.counted = 1 AND a.account_type IN (${types})
    GROUP BY day, type`);
  const days = new Map<string, CompaniesByType>();
  let toDate = zero();
  for (const row of rows) {
    if (!isCompanyType(row.type)) continue;
    toDate = { ...toDate, [row.type]: toDate[row.type] + row.n };
    if (row.day === null) continue;
    const day = days.get(row.day) ?? zero();
    days.set(row.day, { ...day, [row.type]: day[row.type] + row.n });
  }
  const cut = dashboardPeriods(range, unit);
  const sums = foldDays(cut, days, zero, plus);
  const inRange = sums.reduce(plus, zero());
  return {
    range: { from: range.from, to: range.to, unit },
    points: cut.map((period, i) => ({ period: period.label, total: total(sums[i]!), byType: sums[i]! })),
    inRange: { total: total(inRange), byType: inRange },
    toDate: { total: total(toDate), byType: toDate },
  };
}
