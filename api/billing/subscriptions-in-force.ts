import { type SQL, sql } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import { subscriptions } from '../db/schema-billing.ts';

/**
 * `in_force(month, account_id, plan_id)`: for each month given, the subscription rows covering it
 * (`startMonth <= M < endMonth`) of the accounts in `scope_accounts` that `which` selects. The
 * same rule as the plan in force for one account (billing-plans' `planInForce`), over a set of
 * accounts and months at once: a dashboard counts thousands, not one. Only accounts the billing
 * run bills count (users and OEM masters whose contract covers the month: not inactive, not
 * terminated, started by M and not expired before it), so a month not yet invoiced is estimated
 * as the run will bill it. Follows `scopeAccounts`.
 */
export function inForce(months: readonly BillingMonth[], which: SQL): SQL {
  const values = sql.join(
    months.map((month) => sql`(${month})`),
    sql`, `,
  );
  return sql`, months(month) AS (VALUES ${values}),
    in_force AS (
      SELECT m.month AS month, x.account_id AS account_id, x.plan_id AS plan_id
      FROM months m JOIN ${subscriptions} x ON x.start_month <= m.month AND (x.end_month IS NULL OR x.end_month > m.month)
      JOIN scope_accounts s ON s.id = x.account_id
      WHERE ${which} AND s.account_type IN ('USER', 'OEM_MASTER') AND s.contract_state NOT IN ('terminated', 'inactive')
        AND (s.contract_start IS NULL OR substr(s.contract_start, 1, 7) <= m.month) AND (s.contract_expiry IS NULL OR substr(s.contract_expiry, 1, 7) >= m.month)
    )`;
}
