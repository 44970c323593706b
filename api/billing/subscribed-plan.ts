import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import type { Queries } from '../db/open-database.ts';
import { subscriptions } from '../db/schema-billing.ts';
import { plans } from '../db/schema-identity.ts';

export type PlanRow = typeof plans.$inferSelect;

/**
 * Each account's plan for month M, read straight from `subscriptions` (`startMonth <= M <
 * endMonth`), all accounts in one statement (a query per account costs the run seconds at 10,000
 * accounts). The billing-plans branch owns the one reading of this, `planInForce()` in
 * plan-in-force.ts: at merge this file gives way to it (or to a many-accounts form of it); the run
 * needs the plan row's fees besides.
 */
export function subscribedPlans(db: Queries, month: BillingMonth): Map<string, PlanRow> {
  const rows = db
    .select({ accountId: subscriptions.accountId, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(lte(subscriptions.startMonth, month), or(isNull(subscriptions.endMonth), gt(subscriptions.endMonth, month))))
    .all();
  return new Map(rows.map((row) => [row.accountId, row.plan]));
}
