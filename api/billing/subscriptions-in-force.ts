import { type SQL, sql } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import { subscriptions } from '../db/schema-billing.ts';

/**
 * `in_force(account_id, plan_id)`: the subscription rows covering month M (`startMonth <= M <
 * endMonth`) of the accounts in `scope_accounts` that `which` selects, terminated contracts left
 * out. The same rule as the plan in force for one account (billing-plans' `planInForce`), over
 * a set of accounts at once: a dashboard counts thousands, not one. Follows `scopeAccounts`.
 */
export function inForce(month: BillingMonth, which: SQL): SQL {
  return sql`, in_force AS (
      SELECT x.account_id, x.plan_id FROM scope_accounts s JOIN ${subscriptions} x ON x.account_id = s.id
      WHERE ${which} AND s.contract_state <> 'terminated' AND x.start_month <= ${month} AND (x.end_month IS NULL OR x.end_month > ${month})
    )`;
}
