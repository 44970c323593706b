import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateUserInputSchema } from '../../model/account.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { contractHistory } from '../db/schema-identity.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { AccountRow } from './find-account.ts';
import { planOnSaleBelow } from './plan-on-sale.ts';
import { billingMonthOf } from '../../model/billing-month.ts';
import { setSubscription } from '../billing/set-subscription.ts';

/** Changes a user's contract fields (a sub-admin is changed through the admin list). */
export async function updateUser(db: Db, user: AccountRow, input: z.output<typeof updateUserInputSchema>, byAccountId: string): Promise<AccountRow> {
  if (user.accountType === 'SUB_ADMIN') throw new AppError('not_found', 'userDoesNotExist');
  if (input.planId && !(await planOnSaleBelow(db, input.planId, user.parentId))) throw fieldError('validation', ['planId'], 'unknownPlan', { plan: input.planId });
  if (input.planId === null && (user.accountType === 'USER' || user.accountType === 'OEM_MASTER')) throw fieldError('validation', ['planId'], 'requiredFields');
  if (
    input.email &&
    (await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.email, input.email), ne(accounts.id, user.id)))
      .get())
  ) {
    throw fieldError('validation', ['email'], 'emailTaken');
  }
  const start = input.contractStart === undefined ? user.contractStart : input.contractStart;
  const expiry = input.contractExpiry === undefined ? user.contractExpiry : input.contractExpiry;
  if (start && expiry && expiry <= start) throw fieldError('validation', ['contractExpiry'], 'invalidDateRange');
  const terms = termChanges(user, input);
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(accounts.id, user.id))
      .run();
    // The contract history holds term changes too (plan, start, expiry), not only state changes, so a customer's contract can be followed.
    // The operator's own edit of the plan is a correction of this month's terms, not a customer's request for the next.
    if (input.planId !== undefined && input.planId !== user.planId) await setSubscription(tx, user.id, input.planId, billingMonthOf(Date.now()));
    if (terms) await tx.insert(contractHistory).values({ id: randomUUID(), accountId: user.id, fromState: user.contractState, toState: user.contractState, byAccountId, note: terms }).run();
  });
  return (await db.select().from(accounts).where(eq(accounts.id, user.id)).get())!;
}

const TERMS = ['planId', 'contractStart', 'contractExpiry'] as const;

/** The contract terms an update changes, as `planId: light → standard; contractExpiry: — → 2031-01-01`; null when none. */
function termChanges(user: AccountRow, input: z.output<typeof updateUserInputSchema>): string | null {
  const changed = TERMS.filter((term) => input[term] !== undefined && (input[term] ?? null) !== (user[term] ?? null));
  if (changed.length === 0) return null;
  return changed.map((term) => `${term}: ${user[term] ?? '—'} → ${input[term] ?? '—'}`).join('; ');
}
