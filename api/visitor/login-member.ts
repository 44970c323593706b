import { and, eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { createMemberSession, type Member } from './member-sessions.ts';
import { forgetAttempts, reserveAttempts } from '../identity/attempt-counter.ts';
import { THROTTLE } from '../identity/login-throttle.ts';
import { timingDummyHash, verifyPassword } from '../identity/password.ts';
import type { Db } from '../db/open-database.ts';
import { endUsers } from '../db/schema-visitor.ts';
import { AppError } from '../http/errors.ts';

/**
 * A member's login on one site; the token it returns opens that site's members-only pages and no
 * other site's. Each attempt counts against the site's email before the password is checked, with
 * the back office's numbers (THROTTLE.perEmail in its window), so parallel guesses each count;
 * per address, the visitor API's rate limit already applies.
 */
/** The attempt counter's key of a member's login: per site and email. */
export function memberLoginKey(siteId: string, email: string): string {
  return `member:${siteId}:${email.toLowerCase()}`;
}

export async function loginMember(db: Db, siteId: string, email: string, password: string, lang: Language, now = Date.now()): Promise<{ token: string; expiresAt: Date; user: Member }> {
  const address = email.toLowerCase();
  const key = memberLoginKey(siteId, address);
  if (!(await reserveAttempts(db, [{ key, limit: THROTTLE.perEmail }], THROTTLE, now)).allowed) throw new AppError('too_many_requests', 'tooManyAttempts', { lang });
  const row = await db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.siteId, siteId), eq(endUsers.email, address)))
    .get();
  // An unknown email costs the same hash as a wrong password, so the answer leaks nothing.
  const ok = await verifyPassword(password, row?.passwordHash ?? (await timingDummyHash()));
  if (!row || !ok) throw new AppError('unauthenticated', 'loginFailed', { lang });
  await forgetAttempts(db, key);
  const user = { id: row.id, siteId: row.siteId, email: row.email };
  return { ...(await createMemberSession(db, user)), user };
}
