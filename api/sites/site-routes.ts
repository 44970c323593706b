import { Hono } from 'hono';
import { siteContracts as contracts } from '../../model/contracts/sites.ts';
import { languageSchema, type Language } from '../../model/language.ts';
import { languageFromAcceptLanguage, messageText } from '../../model/messages/text.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import type { SitePageView, SiteView } from '../../model/site-view.ts';
import type { Storage } from '../../storage/storage.ts';
import type { SiteHosting } from '../../model/site-address.ts';
import type { Db } from '../db/open-database.ts';
import { csvResponse } from '../http/csv-download.ts';
import type { AppEnv } from '../http/env.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import type { SiteRow } from './find-site.ts';
import { createSite } from './create-site.ts';
import { deleteSite } from './delete-site.ts';
import { getSiteView } from './get-site-view.ts';
import { exportSitesCsv } from './export-sites.ts';
import { listOwnedSites, listSites } from './list-sites.ts';
import { renameCategories } from './rename-categories.ts';
import { resizeGrid } from './resize-grid.ts';
import { toSiteSummary } from './site-summary.ts';
import { updateSiteSettings } from './update-site-settings.ts';
import type { Domains } from '../domains/domains.ts';
import { defaultSiteDomain } from '../../model/site-origin.ts';
import { writePage } from './write-page.ts';

/** `?lang=xx`, defaulting to the site's default language; an unknown language is a 400. */
export function languageOf(query: string | undefined, site: SiteRow): Language {
  if (query === undefined || query === '') return siteSettingsSchema.parse(site.settings).defaultLanguage;
  const parsed = languageSchema.safeParse(query.toLowerCase());
  if (!parsed.success) throw fieldError('bad_request', ['lang'], 'unknownLanguage', { lang: String(query) });
  return parsed.data;
}

/** The page the editor just wrote, as the view shows it. */
function pageOf(view: SiteView, pageId: string): SitePageView {
  const page = view.creatives.flatMap((creative) => creative.pages).find((p) => p.id === pageId);
  if (!page) throw notFound('pageNotFound');
  return page;
}

export function siteRoutes(deps: { db: Db; storage: Storage; hosting: SiteHosting; domains: Domains }) {
  const { db, storage } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.listSites, async ({ account }) => ({ sites: (await listSites(db, account)).map((row) => toSiteSummary(row, deps.hosting)) }));
  // Before GET /site/:id, which would otherwise take "export" for an id.
  route(app, contracts.exportSites, ({ c, account, query }) => {
    const lang = languageSchema.safeParse(query.lang?.toLowerCase()).data ?? languageFromAcceptLanguage(c.req.header('accept-language'));
    return csvResponse(exportSitesCsv(db, account, lang, deps.hosting), 'sites.csv');
  });
  route(app, contracts.listUserSites, async ({ targetAccount }) => ({ sites: (await listOwnedSites(db, targetAccount.id)).map((row) => toSiteSummary(row, deps.hosting)) }));
  route(app, contracts.createSite, async ({ account, body }) => {
    const id = await createSite(db, account.tenantId, body);
    return await getSiteView(db, { id, liveVersion: null }, body.defaultLanguage);
  });
  route(app, contracts.getSite, async ({ site, query }) => await getSiteView(db, site, languageOf(query.lang, site)));
  route(app, contracts.updateSiteSettings, async ({ site, query, body }) => {
    const lang = languageOf(query.lang, site);
    const { domainChanged } = await updateSiteSettings(db, site, body, lang, deps.hosting.siteDomain ?? defaultSiteDomain(deps.hosting.siteOrigin));
    if (domainChanged) await deps.domains.changed(site.id);
    return await getSiteView(db, site, lang);
  });
  route(app, contracts.deleteSite, async ({ c, site }) => {
    await deleteSite(db, storage, site.id);
    return { message: messageText('siteDeleted', languageFromAcceptLanguage(c.req.header('accept-language'))) };
  });
  route(app, contracts.resizeGrid, async ({ site, body }) => {
    const result = await resizeGrid(db, site, body);
    return { ...result, site: await getSiteView(db, site, languageOf(undefined, site)) };
  });
  route(app, contracts.renameCategories, async ({ site, query, body }) => {
    const lang = languageOf(query.lang, site);
    await renameCategories(db, site, body, lang);
    return await getSiteView(db, site, lang);
  });
  route(app, contracts.writePage, async ({ site, params, query, body }) => {
    const lang = languageOf(query.lang, site);
    const { baseRevision, ...content } = body;
    await writePage(db, site, params.pageId, lang, content, baseRevision);
    return { page: pageOf(await getSiteView(db, site, lang), params.pageId) };
  });
  return app;
}
