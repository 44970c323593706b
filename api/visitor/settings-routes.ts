import { Hono } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import { formFieldsFor } from '../../model/form-submission.ts';
import type { FormType } from '../../model/site.ts';
import { applySiteText } from '../../model/translation.ts';
import { visitorLanguage } from './visitor-language.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { sitePlanFlags } from './site-plan.ts';

const FORMS = [
  [contracts.contactSetting, 'CONTACT_SETTING'],
  [contracts.membershipSetting, 'MEMBERSHIP_SETTING'],
  [contracts.homepageSetting, 'HOMEPAGE_SETTING'],
] as const satisfies readonly (readonly [unknown, FormType])[];

/**
 * What the visitor screens are built from (V §7 "Settings"): each form's fields sorted by
 * orderNum (spec defaults when unset), with `locked` when the plan has no settingFormContact
 * (membership is not a contact form and stays open); company info; site scripts.
 */
export function settingsRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  for (const [declared, type] of FORMS) {
    route(app, declared, async ({ c, params }) => {
      const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
      const locked = type !== 'MEMBERSHIP_SETTING' && !(await sitePlanFlags(db, site)).settingFormContact;
      return { typeForm: type, locked, fields: formFieldsFor(type, site.settings.forms[type]) };
    });
  }
  route(app, contracts.company, async ({ c, params, query }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, query.lang);
    const { settings } = site;
    return applySiteText({ seo: settings.seo, company: settings.company }, lang === settings.defaultLanguage ? undefined : site.translations[lang]).company;
  });
  route(app, contracts.scripts, async ({ c, params }) => (await findVisitorSite(db, params.id, c.var.hostSiteId)).settings.scripts);
  return app;
}
