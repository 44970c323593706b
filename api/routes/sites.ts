import { Hono } from 'hono';
import { languageSchema, type Language } from '../../model/language.ts';
import { createSiteInputSchema, gridInputSchema } from '../../model/site-input.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../env.ts';
import { AppError, fieldError } from '../errors.ts';
import { createSite } from '../services/create-site.ts';
import { deleteSite } from '../services/delete-site.ts';
import { findSiteForAccount, type SiteRow } from '../services/find-site.ts';
import { listSites } from '../services/list-sites.ts';
import { loadSiteDraft } from '../services/load-site-draft.ts';
import { resizeGrid } from '../services/resize-grid.ts';
import { toSiteView } from '../services/site-view.ts';
import { updateSiteSettings } from '../services/update-site-settings.ts';
import { writePage } from '../services/write-page.ts';
import { renameCategories } from '../services/rename-categories.ts';

/** `?lang=xx`, defaulting to the site's default language; an unknown language is a 400. */
function languageOf(query: string | undefined, site: SiteRow): Language {
  if (query === undefined || query === '') return siteSettingsSchema.parse(site.settings).defaultLanguage;
  const parsed = languageSchema.safeParse(query.toLowerCase());
  if (!parsed.success) throw fieldError('bad_request', ['lang'], 'unknownLanguage', { lang: String(query) });
  return parsed.data;
}

async function jsonBody(request: { json(): Promise<unknown> }): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new AppError('bad_request', 'bodyNotJson');
  }
}

function siteView(db: Db, site: SiteRow, lang: Language) {
  return toSiteView(loadSiteDraft(db, site.id), lang, { liveVersion: site.liveVersion });
}

export function siteRoutes(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  return new Hono<AppEnv>()
    .get('/', (c) => c.json({ sites: listSites(db, c.get('account')) }))
    .post('/', async (c) => {
      const input = createSiteInputSchema.parse(await jsonBody(c.req));
      const id = createSite(db, c.get('account').tenantId, input);
      const site = findSiteForAccount(db, c.get('account'), id);
      return c.json(siteView(db, site, input.defaultLanguage), 201);
    })
    .get('/:id', (c) => {
      const site = c.get('site');
      return c.json(siteView(db, site, languageOf(c.req.query('lang'), site)));
    })
    .put('/:id', async (c) => {
      const site = c.get('site');
      const lang = languageOf(c.req.query('lang'), site);
      updateSiteSettings(db, site, await jsonBody(c.req), lang);
      return c.json(siteView(db, findSiteForAccount(db, c.get('account'), site.id), lang));
    })
    .delete('/:id', async (c) => {
      const site = c.get('site');
      await deleteSite(db, storage, site.id);
      return c.json({ message: 'The site was deleted.' });
    })
    .put('/:id/grid', async (c) => {
      const site = c.get('site');
      const result = resizeGrid(db, site, gridInputSchema.parse(await jsonBody(c.req)));
      return c.json({ ...result, site: siteView(db, findSiteForAccount(db, c.get('account'), site.id), languageOf(undefined, site)) });
    })
    .put('/:id/categories', async (c) => {
      const site = c.get('site');
      const lang = languageOf(c.req.query('lang'), site);
      renameCategories(db, site, await jsonBody(c.req), lang);
      return c.json(siteView(db, site, lang));
    })
    .put('/:id/page/:pageId', async (c) => {
      const site = c.get('site');
      const lang = languageOf(c.req.query('lang'), site);
      writePage(db, site, c.req.param('pageId'), lang, await jsonBody(c.req));
      const view = siteView(db, site, lang);
      const page = view.creatives.flatMap((creative) => creative.pages).find((p) => p.id === c.req.param('pageId'));
      return c.json({ page });
    });
}
