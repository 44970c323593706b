import { Hono, type Context } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import { visitorText } from '../../model/messages/visitor-text.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { submitFormEntry, type VisitorFormType } from './submit-form-entry.ts';
import { visitorLanguage } from './visitor-language.ts';
import { caughtByHoneypot } from './visitor-request.ts';

/** The envelope of V §7: `data` and `lang`, plus `mode` for the custom form; the site is named in the body since the spec's path has none. */
type Envelope = { siteId: string; data: Record<string, unknown>; lang?: string; mode?: string; website?: unknown };

/**
 * `POST /api/contact` and `POST /api/homepage` (the custom form): 201 with a thank-you message
 * once stored. The envelope is checked by the contracts' body schemas; the values, against the
 * site's form settings, by submitFormEntry.
 */
export function formRoutes(deps: { db: Db; mailer: Mailer }) {
  const submit =
    (type: VisitorFormType) =>
    async ({ c, body }: { c: Context; body: Envelope }) => {
      const site = await findVisitorSite(deps.db, body.siteId, c.var.hostSiteId);
      const lang = visitorLanguage(c, site.settings, body.lang);
      const message = visitorText('sent', lang);
      if (caughtByHoneypot(body)) return { message };
      await submitFormEntry(deps, site, type, { data: body.data, lang, mode: body.mode });
      return { message };
    };
  const app = new Hono<AppEnv>();
  route(app, contracts.submitContact, submit('CONTACT_SETTING'));
  route(app, contracts.submitHomepage, submit('HOMEPAGE_SETTING'));
  return app;
}
