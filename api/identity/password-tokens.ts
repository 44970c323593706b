import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { hashToken } from './sessions.ts';
import type { Db, Queries } from '../db/open-database.ts';
import { passwordTokens } from '../db/schema-identity.ts';
import { AppError } from '../http/errors.ts';

export type PasswordTokenPurpose = 'reset' | 'invite';

/** A reset link works for an hour; an invitation for a week. */
export const PASSWORD_TOKEN_TTL_MS: Readonly<Record<PasswordTokenPurpose, number>> = { reset: 60 * 60 * 1000, invite: 7 * 24 * 60 * 60 * 1000 };

/** Makes a single-use token for a password link; only its SHA-256 is stored. A new token replaces older ones of the account. */
export async function issuePasswordToken(db: Db, accountId: string, purpose: PasswordTokenPurpose, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(passwordTokens).where(eq(passwordTokens.accountId, accountId)).run();
    await tx
      .insert(passwordTokens)
      .values({ id: hashToken(token), accountId, purpose, expiresAt: new Date(now + PASSWORD_TOKEN_TTL_MS[purpose]) })
      .run();
  });
  return token;
}

/** The account a token opens; 400 "Token is missing." without one, 400 for an unknown, used or expired one. */
export async function readPasswordToken(db: Db, token: string | undefined, now = Date.now()): Promise<{ accountId: string; purpose: PasswordTokenPurpose }> {
  if (!token) throw new AppError('bad_request', 'tokenMissing');
  const row = await db
    .select()
    .from(passwordTokens)
    .where(and(eq(passwordTokens.id, hashToken(token)), gt(passwordTokens.expiresAt, new Date(now))))
    .get();
  if (!row) throw new AppError('bad_request', 'passwordTokenInvalid');
  return { accountId: row.accountId, purpose: row.purpose as PasswordTokenPurpose };
}

/**
 * Takes a token for its one use: a delete that only the first of parallel uses can make (SQLite
 * decides which, so it holds across processes too), done before the slow password hash so a second
 * use never reaches it. 400 as readPasswordToken when the token is gone, whoever took it.
 */
export async function consumePasswordToken(db: Db, token: string | undefined, now = Date.now()): Promise<{ accountId: string; purpose: PasswordTokenPurpose }> {
  if (!token) throw new AppError('bad_request', 'tokenMissing');
  const row = await db
    .delete(passwordTokens)
    .where(and(eq(passwordTokens.id, hashToken(token)), gt(passwordTokens.expiresAt, new Date(now))))
    .returning({ accountId: passwordTokens.accountId, purpose: passwordTokens.purpose })
    .get();
  if (!row) throw new AppError('bad_request', 'passwordTokenInvalid');
  return { accountId: row.accountId, purpose: row.purpose as PasswordTokenPurpose };
}

/** Forgets every password token of the account (after it was used). */
export async function deletePasswordTokens(db: Queries, accountId: string): Promise<void> {
  await db.delete(passwordTokens).where(eq(passwordTokens.accountId, accountId)).run();
}
