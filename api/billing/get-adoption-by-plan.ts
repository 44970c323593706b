import { sql } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import type { AdoptionByPlan } from '../../model/dashboard.ts';
import type { Db } from '../db/open-database.ts';
import { plans } from '../db/schema-identity.ts';
import { type DashboardScope, scopeAccounts } from './dashboard-scope.ts';
import { inForce } from './subscriptions-in-force.ts';

/**
 * B §2 "adoption by plan" and "paid plans": the accounts of the caller's branch each plan's
 * subscriptions cover in the month (each version of a plan its own row: its terms differ), and
 * how many of them are on a plan whose price is above 0.
 */
export async function getAdoptionByPlan(db: Db, scope: DashboardScope, month: BillingMonth): Promise<AdoptionByPlan> {
  const rows = await db.all<{ planId: string; name: string; version: number; price: number; accounts: number }>(sql`${scopeAccounts(scope, false)}${inForce([month], sql`s.counted = 1`)}
    SELECT p.id AS "planId", p.name AS name, p.version AS version, p.price AS price, count(DISTINCT f.account_id) AS accounts
    FROM in_force f JOIN ${plans} p ON p.id = f.plan_id
    GROUP BY p.id
    ORDER BY accounts DESC, p.price DESC, p.name, p.id`);
  return {
    month,
    plans: rows,
    accounts: rows.reduce((sum, row) => sum + row.accounts, 0),
    paidAccounts: rows.filter((row) => row.price > 0).reduce((sum, row) => sum + row.accounts, 0),
  };
}
