import { and, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import { planSchema, type Plan } from '../../model/plan.ts';
import type { Queries } from '../db/open-database.ts';
import { subscriptions } from '../db/schema-billing.ts';
import { plans } from '../db/schema-identity.ts';

export type PlanRow = typeof plans.$inferSelect;

/** The subscription rows that cover `month`: `startMonth <= M < endMonth` (an open row has no end). */
function coversMonth(month: BillingMonth): SQL | undefined {
  return and(lte(subscriptions.startMonth, month), or(isNull(subscriptions.endMonth), gt(subscriptions.endMonth, month)));
}

/**
 * The plan an account is billed for in `month`: the subscription row that covers it, with the
 * terms of the plan version that row names (a later edit of the plan made a new version, so
 * these are still the terms the account signed). Null for an account without a plan of its own
 * that month (the platform's accounts, sub-admins, accounts under an OEM master's plan).
 */
export async function planInForce(db: Queries, accountId: string, month: BillingMonth): Promise<Plan | null> {
  const row = await db
    .select({ plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.accountId, accountId), coversMonth(month)))
    .orderBy(desc(subscriptions.startMonth))
    .get();
  return row ? planSchema.parse(row.plan) : null;
}

/**
 * Every account's plan in force for `month`, in one statement: the billing run asks for all of
 * them, and a query per account costs it seconds at 10,000 accounts. The stored row, fees and all.
 */
export async function plansInForce(db: Queries, month: BillingMonth): Promise<Map<string, PlanRow>> {
  const rows = await db.select({ accountId: subscriptions.accountId, plan: plans }).from(subscriptions).innerJoin(plans, eq(plans.id, subscriptions.planId)).where(coversMonth(month)).all();
  return new Map(rows.map((row) => [row.accountId, row.plan]));
}
