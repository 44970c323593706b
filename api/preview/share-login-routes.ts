import { Hono, type Context } from 'hono';
import { previewShareContracts as contracts } from '../../model/contracts/preview-share.ts';
import type { Db } from '../db/open-database.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { loginSharedPreview } from './share-access.ts';

/**
 * `POST /api/preview/site/{id}/login` (B §7, V §7): the passcode of a shared preview, answered on
 * the preview origin alone (where the passcode page is); any other host has no such call.
 */
export function previewLoginRoutes(deps: { db: Db; key: Uint8Array; onPreviewHost: (c: Context) => boolean; now?: () => Date }) {
  const app = new Hono<AppEnv>();
  route(app, contracts.previewLogin, async ({ c, params, body }) => {
    if (!deps.onPreviewHost(c)) throw notFound('pathNotFound');
    const token = await loginSharedPreview(deps.db, deps.key, { siteId: params.id, token: body.token, password: body.password, ip: clientIp(c), now: deps.now?.() ?? new Date() });
    return { url: `/preview/${encodeURIComponent(params.id)}/${token}/` };
  });
  return app;
}
