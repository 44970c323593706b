import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { changePasswordInputSchema } from '../../model/password-rule.ts';
import { verifyPassword } from './password.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { setPassword } from './set-password.ts';

/** Replaces the caller's own password once the current one is confirmed; every other session of the account ends. */
export async function changePassword(db: Db, accountId: string, input: z.output<typeof changePasswordInputSchema>, keepSessionId: string): Promise<void> {
  const account = (await db.select().from(accounts).where(eq(accounts.id, accountId)).get())!;
  if (!(await verifyPassword(input.currentPassword, account.passwordHash))) throw new AppError('validation', 'currentPasswordWrong');
  await setPassword(db, accountId, input.password, keepSessionId);
}
