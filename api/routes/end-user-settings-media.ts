import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { mediaUrl } from '../../model/media-url.ts';
import { settingsMediaUrls } from '../../model/settings-media.ts';
import { uploadKey } from '../../publisher/media.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { media } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { findVisitorSite } from '../services/find-visitor-site.ts';

/**
 * `GET /api/end-user/site/{id}/settings-media/{mediaId}`: an image or video the site's popup
 * CTAs, campaign or notifications show. Those settings apply without a republish, so their
 * uploads have no published derivatives; only media the saved settings name are served, never
 * any other upload of the site (a members-only page's original, say).
 */
export function endUserSettingsMediaRoutes(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  return new Hono().get('/:id/settings-media/:mediaId', async (c) => {
    const site = findVisitorSite(db, c.req.param('id'));
    const mediaId = c.req.param('mediaId');
    if (!settingsMediaUrls(site.settings).has(mediaUrl(site.id, mediaId))) throw new AppError('not_found', 'pathNotFound');
    const record = db.select().from(media).where(and(eq(media.id, mediaId), eq(media.siteId, site.id))).get();
    const object = record ? await storage.get(uploadKey(record.sha256)) : null;
    if (!record || !object) throw new AppError('not_found', 'pathNotFound');
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': record.mime, 'cache-control': 'public, max-age=300', etag: object.etag, 'x-content-type-options': 'nosniff' });
  });
}
