import { eq } from 'drizzle-orm';
import { hashPassword } from './password.ts';
import { deleteSessionsOf } from './sessions.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { deletePasswordTokens } from './password-tokens.ts';

/**
 * Stores a new password chosen by the account's owner: the forced first-time change is done,
 * pending reset links die, and every other session ends (the one kept is the caller's own).
 */
export async function setPassword(db: Db, accountId: string, password: string, keepSessionId?: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(accounts.id, accountId)).run();
    await deleteSessionsOf(tx, [accountId], keepSessionId);
    await deletePasswordTokens(tx, accountId);
  });
}
