import { and, eq } from 'drizzle-orm';
import type { Queries } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { planChanges, subscriptions } from '../db/schema-billing.ts';

/**
 * Whether any account holds, held or is about to take these terms: a subscription (open or
 * billed), an account's current plan, or a pending change request. Such a plan is never edited
 * in place, so no invoice, past or next, reads terms its account did not sign.
 */
export async function planInUse(db: Queries, planId: string): Promise<boolean> {
  return (
    (await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.planId, planId)).limit(1).get()) !== undefined ||
    (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.planId, planId)).limit(1).get()) !== undefined ||
    (await db
      .select({ id: planChanges.id })
      .from(planChanges)
      .where(and(eq(planChanges.toPlanId, planId), eq(planChanges.status, 'pending')))
      .limit(1)
      .get()) !== undefined
  );
}
