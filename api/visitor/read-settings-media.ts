import { and, eq } from 'drizzle-orm';
import { mediaUrl } from '../../model/media-url.ts';
import { settingsMediaUrls } from '../../model/settings-media.ts';
import { uploadKey } from '../../publisher/media.ts';
import type { Storage, StoredObject } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { media } from '../db/schema.ts';
import type { VisitorSite } from './find-visitor-site.ts';

/**
 * An upload the site's saved settings show (popup CTAs, campaign, notifications) with its type,
 * or null: one the settings do not name is never served, whatever else the site uploaded.
 */
export async function readSettingsMedia(db: Db, storage: Storage, site: VisitorSite, mediaId: string): Promise<{ mime: string; object: StoredObject } | null> {
  if (!settingsMediaUrls(site.settings).has(mediaUrl(site.id, mediaId))) return null;
  const record = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.siteId, site.id)))
    .get();
  const object = record ? await storage.get(uploadKey(record.sha256)) : null;
  return record && object ? { mime: record.mime, object } : null;
}
