import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import { planSchema, type Plan } from '../../model/plan.ts';
import type { Queries } from '../db/open-database.ts';
import { subscriptions } from '../db/schema-billing.ts';
import { plans } from '../db/schema-identity.ts';

/**
 * The plan an account is billed for in `month`: the subscription row that covers it, with the
 * terms of the plan version that row names (a later edit of the plan made a new version, so
 * these are still the terms the account signed). Null for an account without a plan of its own
 * that month (the platform's accounts, sub-admins, accounts under an OEM master's plan).
 */
export function planInForce(db: Queries, accountId: string, month: BillingMonth): Plan | null {
  const row = db
    .select({ plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.accountId, accountId), lte(subscriptions.startMonth, month), or(isNull(subscriptions.endMonth), gt(subscriptions.endMonth, month))))
    .orderBy(desc(subscriptions.startMonth))
    .get();
  return row ? planSchema.parse(row.plan) : null;
}
