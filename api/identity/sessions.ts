import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Queries } from '../db/open-database.ts';
import { sessions } from '../db/schema.ts';

/**
 * Sessions follow the Lucia author's current guide: a random secret in the cookie, only its
 * SHA-256 stored, sliding expiry. A session idle for SESSION_TTL_MS ends; one in use is pushed
 * forward once half of that is gone.
 */
/** `__Host-`: only the admin's own host can set it (api/identity/session-cookie.ts). */
export const SESSION_COOKIE = '__Host-sg_session';
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS / 2;

export type ValidSession = { id: string; accountId: string; expiresAt: Date; renewed: boolean };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session and returns the token to put in the cookie. */
export async function createSession(db: Queries, accountId: string, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db
    .insert(sessions)
    .values({ id: hashToken(token), accountId, expiresAt })
    .run();
  return { token, expiresAt };
}

/** The session a token opens, extended when half its life is gone; null when unknown or expired. */
export async function validateSession(db: Db, token: string, now = Date.now()): Promise<ValidSession | null> {
  const id = hashToken(token);
  const row = await db.select().from(sessions).where(eq(sessions.id, id)).get();
  if (!row) return null;
  if (row.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    renewed = true;
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).run();
  }
  return { id, accountId: row.accountId, expiresAt, renewed };
}

/**
 * Replaces a session by a new one with a fresh secret and a full lifetime (refresh-token): a
 * stolen old cookie stops working the moment the owner refreshes.
 */
export async function rotateSession(db: Db, session: ValidSession, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  return await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, session.id)).run();
    return await createSession(tx, session.accountId, now);
  });
}

/** Ends every session of these accounts, but the one kept (the caller's own, after a password change). */
export async function deleteSessionsOf(db: Queries, accountIds: string[], keepSessionId?: string): Promise<void> {
  if (accountIds.length === 0) return;
  const of = inArray(sessions.accountId, accountIds);
  await db
    .delete(sessions)
    .where(keepSessionId ? and(of, ne(sessions.id, keepSessionId)) : of)
    .run();
}
