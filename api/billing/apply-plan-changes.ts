import { and, eq, lte } from 'drizzle-orm';
import { billingMonthOf } from '../../model/billing-month.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { planChanges } from '../db/schema-billing.ts';
import { setSubscription } from './set-subscription.ts';

/**
 * Applies every pending plan change whose month has begun at `now` (Japan time), each in its own
 * transaction: the request is claimed (pending → applied, a conditional update), the subscription
 * closed and the next opened from the request's month, `accounts.planId` set. Running it again,
 * or in two processes at once, applies nothing twice: only one claim of a row succeeds.
 * Answers the accounts whose plan changed, so their live sites can be published again.
 */
export async function applyDuePlanChanges(db: Db, now: number): Promise<string[]> {
  const due = await db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.status, 'pending'), lte(planChanges.effectiveMonth, billingMonthOf(now))))
    .all();
  const applied: string[] = [];
  for (const change of due) {
    const done = await db.transaction(async (tx) => {
      const claim = await tx
        .update(planChanges)
        .set({ status: 'applied', appliedAt: new Date(now) })
        .where(and(eq(planChanges.id, change.id), eq(planChanges.status, 'pending')))
        .run();
      if (claim.changes === 0) return false;
      await setSubscription(tx, change.accountId, change.toPlanId, change.effectiveMonth);
      await tx
        .update(accounts)
        .set({ planId: change.toPlanId, updatedAt: new Date(now) })
        .where(eq(accounts.id, change.accountId))
        .run();
      return true;
    });
    if (done) applied.push(change.accountId);
  }
  return applied;
}
