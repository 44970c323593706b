import { randomUUID } from 'node:crypto';
import { and, eq, gte, isNull } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import type { Queries } from '../db/open-database.ts';
import { subscriptions } from '../db/schema-billing.ts';

/**
 * Puts an account on `planId` from `month` on (null: no plan of its own from then). The open row
 * is closed at `month` and the next opened there; an open row that starts at `month` or later
 * was never billed for an earlier month, so it is rewritten instead of leaving a zero-length stretch.
 * Rows of later stretches (a change already applied ahead) are dropped: `month` wins.
 * Call it inside the transaction that changes `accounts.planId`, so the two never disagree.
 */
export async function setSubscription(db: Queries, accountId: string, planId: string | null, month: BillingMonth): Promise<void> {
  const open = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), isNull(subscriptions.endMonth)))
    .get();
  if (open && open.planId === planId) return;
  if (open && open.startMonth < month) {
    await db.update(subscriptions).set({ endMonth: month }).where(eq(subscriptions.id, open.id)).run();
  }
  await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), gte(subscriptions.startMonth, month)))
    .run();
  if (planId) await db.insert(subscriptions).values({ id: randomUUID(), accountId, planId, startMonth: month }).run();
}

/**
 * The insert of the first subscription of accounts being created (what `setSubscription` does for
 * an account without rows), compiled now, to run inside the caller's transaction: drizzle takes
 * about 15 ms to build a 500-row insert, so an import builds its statements between turns of the
 * event loop and only runs them in its transaction.
 */
export function prepareFirstSubscriptions(db: Queries, firsts: readonly { accountId: string; planId: string; month: BillingMonth }[]) {
  return db
    .insert(subscriptions)
    .values(firsts.map((first) => ({ id: randomUUID(), accountId: first.accountId, planId: first.planId, startMonth: first.month })))
    .prepare();
}
