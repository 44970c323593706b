import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateUserInputSchema } from '../../model/account.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { plans } from '../db/schema-identity.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { AccountRow } from './find-account.ts';

/** Changes a user's contract fields (a sub-admin is changed through the admin list). */
export function updateUser(db: Db, user: AccountRow, input: z.output<typeof updateUserInputSchema>): AccountRow {
  if (user.accountType === 'SUB_ADMIN') throw new AppError('not_found', 'userDoesNotExist');
  if (input.planId && !db.select({ id: plans.id }).from(plans).where(eq(plans.id, input.planId)).get()) throw fieldError('validation', ['planId'], 'unknownPlan', { plan: input.planId });
  if (input.planId === null && (user.accountType === 'USER' || user.accountType === 'OEM_MASTER')) throw fieldError('validation', ['planId'], 'requiredFields');
  if (
    input.email &&
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.email, input.email), ne(accounts.id, user.id)))
      .get()
  ) {
    throw fieldError('validation', ['email'], 'emailTaken');
  }
  const start = input.contractStart === undefined ? user.contractStart : input.contractStart;
  const expiry = input.contractExpiry === undefined ? user.contractExpiry : input.contractExpiry;
  if (start && expiry && expiry <= start) throw fieldError('validation', ['contractExpiry'], 'invalidDateRange');
  db.update(accounts)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(accounts.id, user.id))
    .run();
  return db.select().from(accounts).where(eq(accounts.id, user.id)).get()!;
}
