import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formFieldsFor, validateFormSubmission } from '../../model/form-submission.ts';
import type { Language } from '../../model/language.ts';
import { hashSecret, newSecret } from './member-sessions.ts';
import { hashPassword } from '../identity/password.ts';
import type { Db } from '../db/open-database.ts';
import { endUserRegistrations, endUsers } from '../db/schema-visitor.ts';
import { AppError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { registrationMail } from '../mail/visitor-mail.ts';
import type { VisitorSite } from './find-visitor-site.ts';
import { formCheckError } from './form-check-error.ts';

/** How long the emailed link completes a registration. */
export const REGISTRATION_TTL_HOURS = 24;

export type RegistrationDeps = { db: Db; mailer: Mailer; siteOrigin: string; now?: () => number };

/** The link a registrant opens: an API call on the site origin that completes and then shows register-success. */
export function registrationLink(siteOrigin: string, siteId: string, token: string): string {
  return `${siteOrigin}/api/end-user/site/${siteId}/register/verify?token=${token}`;
}

/** Files a new secret for the registration and emails its link; false when the email could not be sent (resend is offered). */
export async function sendRegistrationLink(deps: RegistrationDeps, site: VisitorSite, registrationId: string, email: string, lang: Language): Promise<boolean> {
  const token = newSecret();
  const expiresAt = new Date((deps.now?.() ?? Date.now()) + REGISTRATION_TTL_HOURS * 3600_000);
  await deps.db
    .update(endUserRegistrations)
    .set({ tokenHash: hashSecret(token), expiresAt, lang })
    .where(eq(endUserRegistrations.id, registrationId))
    .run();
  try {
    await deps.mailer.send(registrationMail(email, lang, site.settings.name, registrationLink(deps.siteOrigin, site.id, token), REGISTRATION_TTL_HOURS));
    return true;
  } catch (error) {
    console.error(`registration email for site ${site.id} failed:`, error);
    return false;
  }
}

/**
 * A temporary registration (V §4): the membership form checked against the site's settings,
 * the password hashed, a link emailed. Registering again with the same email replaces the
 * pending one; an email that is already a member is refused.
 */
export async function registerMember(deps: RegistrationDeps, site: VisitorSite, data: unknown, lang: Language): Promise<{ emailSent: boolean }> {
  const { db } = deps;
  const fields = formFieldsFor('MEMBERSHIP_SETTING', site.settings.forms.MEMBERSHIP_SETTING);
  const check = validateFormSubmission(fields, data);
  if (!check.ok) throw formCheckError(fields, check, lang);
  const { email, password, confirmPassword: _, ...profile } = check.values;
  if (typeof email !== 'string' || typeof password !== 'string') throw new AppError('validation', 'requiredFields', { lang });
  const member = await db
    .select({ id: endUsers.id })
    .from(endUsers)
    .where(and(eq(endUsers.siteId, site.id), eq(endUsers.email, email)))
    .get();
  if (member) throw new AppError('conflict', 'alreadyRegistered', { lang });
  const passwordHash = await hashPassword(password);
  // The secret is set by sendRegistrationLink; this placeholder hash matches no link.
  const placeholder = { tokenHash: hashSecret(newSecret()), expiresAt: new Date(0) };
  const row = await db
    .insert(endUserRegistrations)
    .values({ id: randomUUID(), siteId: site.id, email, passwordHash, profile, lang, ...placeholder })
    .onConflictDoUpdate({ target: [endUserRegistrations.siteId, endUserRegistrations.email], set: { passwordHash, profile, lang, ...placeholder } })
    .returning({ id: endUserRegistrations.id })
    .get();
  return { emailSent: await sendRegistrationLink(deps, site, row.id, email, lang) };
}
