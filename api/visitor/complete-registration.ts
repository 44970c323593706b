import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { hashSecret } from './member-sessions.ts';
import type { Db } from '../db/open-database.ts';
import { endUserRegistrations, endUsers } from '../db/schema-visitor.ts';

/**
 * Turns a temporary registration into a member when its emailed link is opened in time, once:
 * the link stops working after. Null when the link is unknown, expired or for another site.
 */
export async function completeRegistration(db: Db, siteId: string, token: string, now = Date.now()): Promise<{ endUserId: string; lang: Language } | null> {
  return await db.transaction(async (tx) => {
    const registration = await tx
      .select()
      .from(endUserRegistrations)
      .where(and(eq(endUserRegistrations.tokenHash, hashSecret(token)), eq(endUserRegistrations.siteId, siteId)))
      .get();
    if (!registration || registration.expiresAt.getTime() < now) return null;
    await tx.delete(endUserRegistrations).where(eq(endUserRegistrations.id, registration.id)).run();
    const existing = await tx
      .select({ id: endUsers.id })
      .from(endUsers)
      .where(and(eq(endUsers.siteId, siteId), eq(endUsers.email, registration.email)))
      .get();
    const lang = registration.lang as Language;
    if (existing) return { endUserId: existing.id, lang };
    const id = randomUUID();
    await tx.insert(endUsers).values({ id, siteId, email: registration.email, passwordHash: registration.passwordHash, profile: registration.profile, lang }).run();
    return { endUserId: id, lang };
  });
}
