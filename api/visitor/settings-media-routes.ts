import { Hono } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { readSettingsMedia } from './read-settings-media.ts';

/**
 * `GET /api/end-user/site/{id}/settings-media/{mediaId}`: an image or video the site's popup
 * CTAs, campaign or notifications show. Those settings apply without a republish, so their
 * uploads have no published derivatives; only media the saved settings name are served, never
 * any other upload of the site (a members-only page's original, say).
 */
export function settingsMediaRoutes(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.settingsMedia, async ({ c, params }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const found = await readSettingsMedia(db, storage, site, params.mediaId);
    if (!found) throw new AppError('not_found', 'pathNotFound');
    const { mime, object } = found;
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': mime, 'cache-control': 'public, max-age=300', etag: object.etag });
  });
  return app;
}
