import { Hono } from 'hono';
import { ownerDataContracts as contracts } from '../../model/contracts/owner-data.ts';
import { languageSchema, type Language } from '../../model/language.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import type { Db } from '../db/open-database.ts';
import { csvResponse } from '../http/csv-download.ts';
import type { AppEnv } from '../http/env.ts';
import { fieldError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import type { SiteRow } from '../sites/find-site.ts';
import { exportCsv } from './csv-export.ts';
import { getFormEntry, getSiteMember, listFormEntries, listSiteMembers } from './list-owner-data.ts';
import type { OwnerDataKind } from './owner-data-source.ts';

/** `?lang=` of an export: one of the site's languages, its default when absent. */
function headerLanguage(query: string | undefined, site: SiteRow): Language {
  const settings = siteSettingsSchema.parse(site.settings);
  if (query === undefined || query === '') return settings.defaultLanguage;
  const parsed = languageSchema.safeParse(query.toLowerCase());
  if (!parsed.success) throw fieldError('bad_request', ['lang'], 'unknownLanguage', { lang: query });
  if (!settings.languages.includes(parsed.data)) throw fieldError('bad_request', ['lang'], 'languageNotOffered', { lang: parsed.data });
  return parsed.data;
}

const FILE_NAMES: Readonly<Record<OwnerDataKind, string>> = { members: 'members', contacts: 'contacts', forms: 'form-entries' };

async function ownerDataCsv(db: Db, site: SiteRow, kind: OwnerDataKind, query: { q: string; from?: string | undefined; to?: string | undefined; lang?: string | undefined }): Promise<Response> {
  const lang = headerLanguage(query.lang, site);
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(await exportCsv(db, site, kind, query, lang), `${FILE_NAMES[kind]}-${site.id}-${day}.csv`);
}

/**
 * What a published site collected, as its owner reads it (B §2, B §7): members, contact entries
 * and custom-form entries. The authorize middleware has found the site and checked the caller may read it.
 */
export function ownerDataRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.listSiteMembers, async ({ site, query }) => await listSiteMembers(db, site, query));
  route(app, contracts.exportSiteMembers, async ({ site, query }) => await ownerDataCsv(db, site, 'members', query));
  route(app, contracts.getSiteMember, async ({ site, params }) => await getSiteMember(db, site, params.memberId));
  route(app, contracts.listSiteContacts, async ({ site, query }) => await listFormEntries(db, site, 'contacts', query));
  route(app, contracts.exportSiteContacts, async ({ site, query }) => await ownerDataCsv(db, site, 'contacts', query));
  route(app, contracts.getSiteContact, async ({ site, params }) => await getFormEntry(db, site, 'contacts', params.entryId));
  route(app, contracts.listSiteFormEntries, async ({ site, query }) => await listFormEntries(db, site, 'forms', query));
  route(app, contracts.exportSiteFormEntries, async ({ site, query }) => await ownerDataCsv(db, site, 'forms', query));
  route(app, contracts.getSiteFormEntry, async ({ site, params }) => await getFormEntry(db, site, 'forms', params.entryId));
  return app;
}
