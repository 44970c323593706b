import { and, eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { buildVisitorPath } from '../../model/visitor-path.ts';
import type { Db } from '../db/open-database.ts';
import { endUserPasswordResets, endUsers } from '../db/schema-visitor.ts';
import { AppError } from '../http/errors.ts';
import { MAIL_REQUESTS, reserveAttempts } from '../identity/attempt-counter.ts';
import type { Background } from '../mail/background.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail } from '../mail/visitor-mail.ts';
import type { VisitorSite } from './find-visitor-site.ts';
import { hashSecret, newSecret } from './member-sessions.ts';

/** How long the emailed link sets a new password: as the back office's reset link. */
export const MEMBER_RESET_TTL_MS = 60 * 60 * 1000;

export type MemberResetDeps = { db: Db; mailer: Mailer; siteOrigin: string; background: Background; now?: () => number };

/**
 * The link a member opens: the site's new-password screen with the secret in the fragment, so it
 * never reaches a server log, a proxy or a Referer header; the screen sends it in the body.
 */
export function memberResetLink(siteOrigin: string, site: VisitorSite, lang: Language, token: string): string {
  const path = buildVisitorPath({ defaultLanguage: site.settings.defaultLanguage, customPathPrefix: site.settings.customPathPrefix }, { lang, subPath: 'new-password' });
  return `${siteOrigin}${path}#token=${token}`;
}

/** Files a new secret for the member (the older link stops working) and emails its link. */
async function sendMemberResetLink(deps: MemberResetDeps, site: VisitorSite, member: { id: string; email: string }, lang: Language): Promise<void> {
  const token = newSecret();
  const expiresAt = new Date((deps.now?.() ?? Date.now()) + MEMBER_RESET_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await tx.delete(endUserPasswordResets).where(eq(endUserPasswordResets.endUserId, member.id)).run();
    await tx
      .insert(endUserPasswordResets)
      .values({ tokenHash: hashSecret(token), endUserId: member.id, siteId: site.id, expiresAt })
      .run();
  });
  await deps.mailer.send(passwordResetMail(member.email, lang, site.settings.name, memberResetLink(deps.siteOrigin, site, lang, token)));
}

/**
 * A member's "forgot password" (V §4): counted per site's email and per address before anything
 * else, so parallel requests each count; the lookup and the mail happen in the background, so
 * the answer is the same, and as quick, whether or not the email is a member's of this site.
 */
export async function requestMemberReset(deps: MemberResetDeps, site: VisitorSite, email: string, ip: string, lang: Language): Promise<void> {
  const address = email.toLowerCase();
  const limits = [
    { key: `member-reset-email:${site.id}:${address}`, limit: MAIL_REQUESTS.perEmail },
    { key: `member-reset-ip:${ip}`, limit: MAIL_REQUESTS.perIp },
  ];
  if (!(await reserveAttempts(deps.db, limits, MAIL_REQUESTS, deps.now?.())).allowed) throw new AppError('too_many_requests', 'tooManyRequests', { lang });
  deps.background.run('Sending a member a password link', async () => {
    const member = await deps.db
      .select({ id: endUsers.id, email: endUsers.email })
      .from(endUsers)
      .where(and(eq(endUsers.siteId, site.id), eq(endUsers.email, address)))
      .get();
    if (member) await sendMemberResetLink(deps, site, member, lang);
  });
}
