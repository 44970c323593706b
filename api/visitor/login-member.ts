import { and, eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { createMemberSession, type Member } from './member-sessions.ts';
import { timingDummyHash, verifyPassword } from '../identity/password.ts';
import type { Db } from '../db/open-database.ts';
import { endUsers } from '../db/schema-visitor.ts';
import { AppError } from '../http/errors.ts';

/** A member's login on one site; the token it returns opens that site's members-only pages and no other site's. */
export async function loginMember(db: Db, siteId: string, email: string, password: string, lang: Language): Promise<{ token: string; expiresAt: Date; user: Member }> {
  const row = db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.siteId, siteId), eq(endUsers.email, email.toLowerCase())))
    .get();
  // An unknown email costs the same hash as a wrong password, so the answer leaks nothing.
  const ok = await verifyPassword(password, row?.passwordHash ?? (await timingDummyHash()));
  if (!row || !ok) throw new AppError('unauthenticated', 'loginFailed', { lang });
  const user = { id: row.id, siteId: row.siteId, email: row.email };
  return { ...createMemberSession(db, user), user };
}
