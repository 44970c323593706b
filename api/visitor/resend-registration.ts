import { and, eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { MAIL_REQUESTS, reserveAttempts } from '../identity/attempt-counter.ts';
import { endUserRegistrations } from '../db/schema-visitor.ts';
import { AppError } from '../http/errors.ts';
import type { Background } from '../mail/background.ts';
import type { VisitorSite } from './find-visitor-site.ts';
import { sendRegistrationLink, type RegistrationDeps } from './register-member.ts';

/**
 * Sends a pending registration a fresh link (the old one stops working). Says nothing about
 * whether the email is pending, neither by the answer nor by its time: the request is counted
 * (per site's email and per address, before anything else, so parallel requests each count) and
 * the lookup and the mail happen in the background.
 */
export async function resendRegistration(deps: RegistrationDeps & { background: Background }, site: VisitorSite, email: string, ip: string, lang: Language): Promise<void> {
  const address = email.toLowerCase();
  const limits = [
    { key: `resend-email:${site.id}:${address}`, limit: MAIL_REQUESTS.perEmail },
    { key: `resend-ip:${ip}`, limit: MAIL_REQUESTS.perIp },
  ];
  if (!(await reserveAttempts(deps.db, limits, MAIL_REQUESTS)).allowed) throw new AppError('too_many_requests', 'tooManyRequests', { lang });
  deps.background.run('Resending a registration link', async () => {
    const pending = await deps.db
      .select({ id: endUserRegistrations.id })
      .from(endUserRegistrations)
      .where(and(eq(endUserRegistrations.siteId, site.id), eq(endUserRegistrations.email, address)))
      .get();
    if (pending) await sendRegistrationLink(deps, site, pending.id, address, lang);
  });
}
