import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import type { Queries } from '../db/open-database.ts';
import { subscriptions } from '../db/schema-billing.ts';
import { plans } from '../db/schema-identity.ts';

export type PlanRow = typeof plans.$inferSelect;

/**
 * The plan an account's subscription row covers for month M, read straight from `subscriptions`
 * (`startMonth <= M < endMonth`). The billing-plans branch owns the one reading of this,
 * `planInForce()` in plan-in-force.ts: at merge this file gives way to it; the billing run only
 * needs the row's fees besides.
 */
export function subscribedPlan(db: Queries, accountId: string, month: BillingMonth): PlanRow | null {
  const row = db
    .select({ plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.accountId, accountId), lte(subscriptions.startMonth, month), or(isNull(subscriptions.endMonth), gt(subscriptions.endMonth, month))))
    .get();
  return row?.plan ?? null;
}
