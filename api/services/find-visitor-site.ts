import { eq } from 'drizzle-orm';
import { siteSettingsSchema, type SiteSettings } from '../../model/site.ts';
import { translationsSchema, type Translations } from '../../model/translation.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { notFound } from '../errors.ts';

export type VisitorSite = { id: string; ownerId: string; settings: SiteSettings; translations: Translations; liveVersion: number };

/**
 * A site as its visitors' calls see it: published (a live version exists), else 404 as if it
 * did not exist, so drafts stay invisible. Settings are the saved ones, so forms, popups,
 * campaigns and notifications change without a republish.
 */
export function findVisitorSite(db: Db, siteId: string): VisitorSite {
  const row = db.select({ id: sites.id, ownerId: sites.ownerId, settings: sites.settings, translations: sites.translations, liveVersion: sites.liveVersion }).from(sites).where(eq(sites.id, siteId)).get();
  if (!row || row.liveVersion === null) throw notFound('Site not found.');
  return { id: row.id, ownerId: row.ownerId, settings: siteSettingsSchema.parse(row.settings), translations: translationsSchema.parse(row.translations), liveVersion: row.liveVersion };
}
