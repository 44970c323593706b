import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { idSchema } from '../../model/validation.ts';
import { visitorText } from '../../model/messages/visitor-text.ts';
import type { Db } from '../db/open-database.ts';
import { validationError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findVisitorSite } from '../services/find-visitor-site.ts';
import { submitFormEntry, type VisitorFormType } from '../services/submit-form-entry.ts';
import { visitorLanguage } from '../visitor-language.ts';
import { caughtByHoneypot, readJsonObject } from '../visitor-request.ts';

/** V §7: `data` and `lang`, plus `mode` for the custom form; the site is named in the body since the spec's path has none. */
const envelopeSchema = z.object({
  siteId: idSchema,
  data: z.record(z.string().max(120), z.unknown()),
  lang: z.string().max(5).optional(),
  mode: z.string().max(20).optional(),
});

/** `POST /api/contact` and `POST /api/homepage` (the custom form): 201 with a thank-you message once stored. */
export function visitorFormRoutes(deps: { db: Db; mailer: Mailer }) {
  const submit = (type: VisitorFormType) => async (c: Context) => {
    const body = await readJsonObject(c);
    const envelope = envelopeSchema.safeParse(body);
    if (!envelope.success) throw validationError(envelope.error, { input: body });
    const site = findVisitorSite(deps.db, envelope.data.siteId);
    const lang = visitorLanguage(c, site.settings, envelope.data.lang);
    const message = visitorText('sent', lang);
    if (caughtByHoneypot(body)) return c.json({ message }, 201);
    await submitFormEntry(deps, site, type, { data: envelope.data.data, lang, mode: envelope.data.mode });
    return c.json({ message }, 201);
  };
  return new Hono().post('/contact', submit('CONTACT_SETTING')).post('/homepage', submit('HOMEPAGE_SETTING'));
}
