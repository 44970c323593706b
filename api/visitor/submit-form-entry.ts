import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formFieldLabel } from '../../model/form-field-label.ts';
import { formFieldKey, formFieldsFor, validateFormSubmission } from '../../model/form-submission.ts';
import type { Language } from '../../model/language.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { formEntries } from '../db/schema-visitor.ts';
import { AppError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { formEntryMail } from '../mail/visitor-mail.ts';
import type { VisitorSite } from './find-visitor-site.ts';
import { formCheckError } from './form-check-error.ts';
import { sitePlanFlags } from './site-plan.ts';

export type VisitorFormType = 'CONTACT_SETTING' | 'HOMEPAGE_SETTING';

/**
 * A contact or custom-form entry: checked against the site's form configuration, stored, and
 * then the owner is emailed. The entry is stored first and kept whatever the email does; a
 * failed email is recorded on the entry (notify_error) for the back office to show.
 */
export async function submitFormEntry(
  deps: { db: Db; mailer: Mailer },
  site: VisitorSite,
  type: VisitorFormType,
  input: { data: unknown; lang: Language; mode?: string },
): Promise<{ id: string; notified: boolean }> {
  const { db } = deps;
  // V §6: without settingFormContact the forms are locked.
  if (!(await sitePlanFlags(db, site)).settingFormContact) throw new AppError('bad_request', 'formLocked', { lang: input.lang });
  const fields = formFieldsFor(type, site.settings.forms[type]);
  const check = validateFormSubmission(fields, input.data);
  if (!check.ok) throw formCheckError(fields, check, input.lang);
  const id = randomUUID();
  await db
    .insert(formEntries)
    .values({ id, siteId: site.id, formType: type, lang: input.lang, mode: input.mode ?? null, data: check.values })
    .run();

  const owner = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, site.ownerId)).get();
  try {
    if (!owner) throw new Error('the site has no owner account');
    // The owner's mail is written in English (api/mail/visitor-mail.ts): its default labels are too.
    const shown = fields.filter((field) => formFieldKey(field) in check.values).map((field) => ({ title: formFieldLabel(field, 'en'), value: check.values[formFieldKey(field)] }));
    const replyTo = typeof check.values.email === 'string' ? check.values.email : undefined;
    await deps.mailer.send(formEntryMail(owner.email, site.settings.name, type, shown, replyTo));
    await db.update(formEntries).set({ notifiedAt: new Date() }).where(eq(formEntries.id, id)).run();
    return { id, notified: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`form entry ${id} of site ${site.id}: the owner could not be emailed:`, message);
    await db
      .update(formEntries)
      .set({ notifyError: message.slice(0, 500) })
      .where(eq(formEntries.id, id))
      .run();
    return { id, notified: false };
  }
}
