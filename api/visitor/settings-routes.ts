import { Hono } from 'hono';
import { formFieldsFor } from '../../model/form-submission.ts';
import type { FormType } from '../../model/site.ts';
import { applySiteText } from '../../model/translation.ts';
import { visitorLanguage } from './visitor-language.ts';
import type { Db } from '../db/open-database.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { sitePlanFlags } from './site-plan.ts';

const FORMS = { 'contact-setting': 'CONTACT_SETTING', 'membership-setting': 'MEMBERSHIP_SETTING', 'homepage-setting': 'HOMEPAGE_SETTING' } as const satisfies Record<string, FormType>;

/**
 * What the visitor screens are built from (V §7 "Settings"): each form's fields sorted by
 * orderNum (spec defaults when unset), with `locked` when the plan has no settingFormContact
 * (membership is not a contact form and stays open); company info; site scripts.
 */
export function endUserSettingsRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = new Hono();
  for (const [path, type] of Object.entries(FORMS)) {
    app.get(`/:id/${path}`, (c) => {
      const site = findVisitorSite(db, c.req.param('id'));
      const locked = type !== 'MEMBERSHIP_SETTING' && !sitePlanFlags(db, site).settingFormContact;
      return c.json({ typeForm: type, locked, fields: formFieldsFor(type, site.settings.forms[type]) });
    });
  }
  return app
    .get('/:id/company', (c) => {
      const site = findVisitorSite(db, c.req.param('id'));
      const lang = visitorLanguage(c, site.settings, c.req.query('lang'));
      const { settings } = site;
      return c.json(applySiteText({ seo: settings.seo, company: settings.company }, lang === settings.defaultLanguage ? undefined : site.translations[lang]).company);
    })
    .get('/:id/scripts', (c) => c.json(findVisitorSite(db, c.req.param('id')).settings.scripts));
}
