import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { accounts, sessions } from '../db/schema.ts';

/** Sessions follow the Lucia author's current guide: a random secret in the cookie, only its SHA-256 stored, sliding expiry. */
export const SESSION_COOKIE = 'sg_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS / 2;

export type SessionAccount = { id: string; email: string; accountType: string };
export type ValidSession = { id: string; expiresAt: Date; account: SessionAccount; renewed: boolean };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session and returns the token to put in the cookie. */
export function createSession(db: Db, accountId: string, now = Date.now()): { token: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + SESSION_TTL_MS);
  db.insert(sessions).values({ id: hashToken(token), accountId, expiresAt }).run();
  return { token, expiresAt };
}

/** The session a token opens, extended when half its life is gone; null when unknown or expired. */
export function validateSession(db: Db, token: string, now = Date.now()): ValidSession | null {
  const id = hashToken(token);
  const row = db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt, accountId: accounts.id, email: accounts.email, accountType: accounts.accountType })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.id, id))
    .get();
  if (!row) return null;
  if (row.expiresAt.getTime() <= now) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    renewed = true;
    db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).run();
  }
  return { id, expiresAt, renewed, account: { id: row.accountId, email: row.email, accountType: row.accountType } };
}

export function deleteSession(db: Db, token: string): void {
  db.delete(sessions).where(eq(sessions.id, hashToken(token))).run();
}

export function deleteExpiredSessions(db: Db, now = Date.now()): void {
  db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))).run();
}
