import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { subscriptions } from '../db/schema-billing.ts';
import { firstMonth } from './first-month.ts';
import { setSubscription } from './set-subscription.ts';

/**
 * Brings `subscriptions` in line with `accounts.planId`, run on start: an account with a plan and
 * no row gets one from its contract's start month (or `month`, the current one); an account
 * whose open row names another plan than `accounts.planId` (set by an older version, a script or
 * by hand) is moved to it from `month`; an account that lost its plan has its row closed.
 * Answers how many accounts it changed.
 */
export async function syncSubscriptions(db: Db, month: BillingMonth): Promise<number> {
  const drifted = await db
    .select({
      id: accounts.id,
      planId: accounts.planId,
      contractStart: accounts.contractStart,
      openPlanId: subscriptions.planId,
      anyRow: sql<number>`exists (select 1 from ${subscriptions} s where s.account_id = ${accounts.id})`,
    })
    .from(accounts)
    .leftJoin(subscriptions, and(eq(subscriptions.accountId, accounts.id), isNull(subscriptions.endMonth)))
    .where(sql`${accounts.planId} is distinct from ${subscriptions.planId}`)
    .all();
  await db.transaction(async (tx) => {
    for (const account of drifted) {
      await setSubscription(tx, account.id, account.planId, account.anyRow ? month : firstMonth(account.contractStart, month));
    }
  });
  return drifted.length;
}
