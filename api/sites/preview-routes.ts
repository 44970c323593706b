import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { signPreviewToken } from '../preview/preview-token.ts';

/**
 * `POST /preview/site/{id}`: a short-lived link to the draft's preview on the site origin
 * (api/preview/preview-host.ts), for the editor to show in a frame. Anyone who may read the
 * site may preview it.
 */
export function previewRoutes(deps: { key: Uint8Array; siteOrigin: string }) {
  return new Hono<AppEnv>().post('/site/:id', (c) => {
    const site = c.get('site');
    const { token, expiresAt } = signPreviewToken(deps.key, site.id);
    return c.json({ url: `${deps.siteOrigin}/preview/${site.id}/${token}/`, expiresAt: expiresAt.toISOString() });
  });
}
