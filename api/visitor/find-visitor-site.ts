import { sql } from 'drizzle-orm';
import { siteSettingsSchema, type SiteSettings } from '../../model/site.ts';
import { translationsSchema, type Translations } from '../../model/translation.ts';
import type { Db } from '../db/open-database.ts';
import { notFound } from '../http/errors.ts';

export type VisitorSite = { id: string; ownerId: string; settings: SiteSettings; translations: Translations; liveVersion: number };

type Row = { id: string; ownerId: string; settings: string; translations: string; liveVersion: number | null };

// Every visitor call reads its site: one hand-written statement, and the parsed settings kept
// while their stored text is unchanged (building a query through drizzle's builder and parsing
// the settings cost more than the rest of a call; bench/visitor.bench.ts).
const parsed = new Map<string, { settings: string; translations: string; site: VisitorSite }>();
const PARSED_MAX = 1000;

/**
 * A site as its visitors' calls see it: published (a live version exists), else 404 as if it
 * did not exist, so drafts stay invisible. Settings are the saved ones, so forms, popups,
 * campaigns and notifications change without a republish.
 *
 * A call acts only for the site whose own origin it arrived on (`hostSiteId`, the site the
 * request's host leads to): a script on another site's origin naming this one gets the same 404.
 */
export async function findVisitorSite(db: Db, siteId: string, hostSiteId: string | null): Promise<VisitorSite> {
  if (siteId !== hostSiteId) throw notFound('siteNotFound');
  const row = await db.get<Row | undefined>(sql`SELECT id, owner_id AS "ownerId", settings, translations, live_version AS "liveVersion" FROM sites WHERE id = ${siteId}`);
  if (!row || row.liveVersion === null) throw notFound('siteNotFound');
  const cached = parsed.get(row.id);
  if (cached && cached.settings === row.settings && cached.translations === row.translations && cached.site.liveVersion === row.liveVersion && cached.site.ownerId === row.ownerId) return cached.site;
  // Frozen: the object is shared by every call until the settings change.
  const site: VisitorSite = deepFreeze({
    id: row.id,
    ownerId: row.ownerId,
    settings: siteSettingsSchema.parse(JSON.parse(row.settings)),
    translations: translationsSchema.parse(JSON.parse(row.translations)),
    liveVersion: row.liveVersion,
  });
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(row.id, { settings: row.settings, translations: row.translations, site });
  return site;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
