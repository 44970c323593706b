import { Hono } from 'hono';
import { siteContracts as contracts } from '../../model/contracts/sites.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { signPreviewToken } from '../preview/preview-token.ts';

/**
 * `POST /preview/site/{id}`: a short-lived link to the draft's preview on the site origin
 * (api/preview/preview-host.ts), for the editor to show in a frame. Anyone who may read the
 * site may preview it.
 */
export function previewRoutes(deps: { key: Uint8Array; previewOrigin: string }) {
  const app = new Hono<AppEnv>();
  route(app, contracts.createPreviewLink, ({ site }) => {
    const { token, expiresAt } = signPreviewToken(deps.key, site.id);
    return { url: `${deps.previewOrigin}/preview/${site.id}/${token}/`, expiresAt: expiresAt.toISOString() };
  });
  return app;
}
