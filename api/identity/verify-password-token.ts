import { eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { readPasswordToken, type PasswordTokenPurpose } from './password-tokens.ts';

/** Whom a password link is for and why (a reset or an invitation); refuses a missing, unknown, used or expired token. */
export async function verifyPasswordToken(db: Db, token: string): Promise<{ email: string; purpose: PasswordTokenPurpose }> {
  const found = await readPasswordToken(db, token);
  const account = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, found.accountId)).get();
  if (!account) throw new AppError('bad_request', 'userDoesNotExist');
  return { email: account.email, purpose: found.purpose };
}
