import { and, eq, gt } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { visitorPasswordProblem } from '../../model/visitor-password.ts';
import type { Db } from '../db/open-database.ts';
import { endUserPasswordResets, endUserSessions, endUsers } from '../db/schema-visitor.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { forgetAttempts } from '../identity/attempt-counter.ts';
import { hashPassword } from '../identity/password.ts';
import { memberLoginKey } from './login-member.ts';
import { hashSecret } from './member-sessions.ts';

export type NewMemberPassword = { token: string; password: string; confirmPassword: string };

/**
 * Sets a member's new password with the emailed link's secret. The password is checked first,
 * so a typo does not burn the link; the link is then taken by a delete that only the first of
 * parallel uses can make, before the slow hash. Every session of the member ends (whoever had
 * the old password is logged out) and the login lockout is lifted.
 */
export async function resetMemberPassword(db: Db, siteId: string, input: NewMemberPassword, lang: Language, now = Date.now()): Promise<void> {
  if (input.token === '') throw new AppError('bad_request', 'tokenMissing', { lang });
  const problem = visitorPasswordProblem(input.password);
  if (problem) throw fieldError('validation', ['password'], problem, {}, { lang });
  if (input.password !== input.confirmPassword) throw fieldError('validation', ['confirmPassword'], 'passwordMismatch', {}, { lang });
  const link = await db
    .delete(endUserPasswordResets)
    .where(and(eq(endUserPasswordResets.tokenHash, hashSecret(input.token)), eq(endUserPasswordResets.siteId, siteId), gt(endUserPasswordResets.expiresAt, new Date(now))))
    .returning({ endUserId: endUserPasswordResets.endUserId })
    .get();
  if (!link) throw new AppError('bad_request', 'resetLinkInvalid', { lang });
  const passwordHash = await hashPassword(input.password);
  const member = await db.transaction(async (tx) => {
    await tx.update(endUsers).set({ passwordHash }).where(eq(endUsers.id, link.endUserId)).run();
    await tx.delete(endUserSessions).where(eq(endUserSessions.endUserId, link.endUserId)).run();
    return await tx.select({ email: endUsers.email }).from(endUsers).where(eq(endUsers.id, link.endUserId)).get();
  });
  if (member) await forgetAttempts(db, memberLoginKey(siteId, member.email));
}
