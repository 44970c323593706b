import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { endUserSessions, endUsers } from '../db/schema-visitor.ts';

/** A member's token lives 30 days; V §8 has an end-user 401 clear it, so there is no refresh. */
export const MEMBER_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type Member = { id: string; siteId: string; email: string };

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Starts a member's session on their site and returns the bearer token (stored by the viewer as `endUserToken`). */
export async function createMemberSession(db: Db, user: Member, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(now + MEMBER_TOKEN_TTL_MS);
  await db
    .insert(endUserSessions)
    .values({ id: hashSecret(token), endUserId: user.id, siteId: user.siteId, expiresAt })
    .run();
  return { token, expiresAt };
}

/** The member a token opens on this site, or null: unknown, expired, or issued by another site. */
export async function validateMemberToken(db: Db, token: string, siteId: string, now = Date.now()): Promise<Member | null> {
  const row = await db
    .select({ id: endUsers.id, siteId: endUsers.siteId, email: endUsers.email, expiresAt: endUserSessions.expiresAt })
    .from(endUserSessions)
    .innerJoin(endUsers, eq(endUsers.id, endUserSessions.endUserId))
    .where(and(eq(endUserSessions.id, hashSecret(token)), eq(endUserSessions.siteId, siteId)))
    .get();
  if (!row || row.siteId !== siteId) return null;
  if (row.expiresAt.getTime() <= now) {
    await db
      .delete(endUserSessions)
      .where(eq(endUserSessions.id, hashSecret(token)))
      .run();
    return null;
  }
  return { id: row.id, siteId: row.siteId, email: row.email };
}

export async function deleteMemberSession(db: Db, token: string): Promise<void> {
  await db
    .delete(endUserSessions)
    .where(eq(endUserSessions.id, hashSecret(token)))
    .run();
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{16,128})$/i.exec(header.trim()) : null;
  return match ? match[1]! : null;
}
