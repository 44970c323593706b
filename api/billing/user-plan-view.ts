import { and, eq } from 'drizzle-orm';
import { addMonths, billingMonthOf } from '../../model/billing-month.ts';
import type { PlanChange, UserPlanView } from '../../model/plan-change.ts';
import { planSchema } from '../../model/plan.ts';
import type { Queries } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { planChanges } from '../db/schema-billing.ts';
import { plans } from '../db/schema-identity.ts';
import { choosablePlans } from './choosable-plans.ts';
import { monthPageViews } from './month-page-views.ts';

/** The account's pending plan change, if any. */
export async function pendingChange(db: Queries, accountId: string): Promise<PlanChange | null> {
  const row = await db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.accountId, accountId), eq(planChanges.status, 'pending')))
    .get();
  if (!row) return null;
  return { id: row.id, fromPlanId: row.fromPlanId, toPlanId: row.toPlanId, effectiveMonth: row.effectiveMonth, status: 'pending', requestedAt: row.requestedAt.toISOString() };
}

/** What the plan screen shows an account at `now`: its plan, the others it may pick, its pending change, this month's page views against the limit. */
export async function userPlanView(db: Queries, accountId: string, now: number): Promise<UserPlanView> {
  const planId = (await db.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, accountId)).get())?.planId ?? null;
  const row = planId ? await db.select().from(plans).where(eq(plans.id, planId)).get() : undefined;
  const current = row ? planSchema.parse(row) : null;
  const month = billingMonthOf(now);
  const pageViews = current ? await monthPageViews(db, accountId, month) : 0;
  return {
    current,
    choices: await choosablePlans(db, accountId),
    pending: await pendingChange(db, accountId),
    nextMonth: addMonths(month, 1),
    usage: current ? { month, pageViews, limitAccess: current.limitAccess, limitAccessPrice: current.limitAccessPrice, over: pageViews > current.limitAccess } : null,
  };
}
