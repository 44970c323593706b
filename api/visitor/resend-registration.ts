import { and, eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { endUserRegistrations } from '../db/schema-visitor.ts';
import type { VisitorSite } from './find-visitor-site.ts';
import { sendRegistrationLink, type RegistrationDeps } from './register-member.ts';

/**
 * Sends a pending registration a fresh link (the old one stops working). Says nothing about
 * whether the email is pending, so the call cannot be used to learn who registered.
 */
export async function resendRegistration(deps: RegistrationDeps, site: VisitorSite, email: string, lang: Language): Promise<void> {
  const pending = deps.db
    .select({ id: endUserRegistrations.id })
    .from(endUserRegistrations)
    .where(and(eq(endUserRegistrations.siteId, site.id), eq(endUserRegistrations.email, email.toLowerCase())))
    .get();
  if (pending) await sendRegistrationLink(deps, site, pending.id, email.toLowerCase(), lang);
}
