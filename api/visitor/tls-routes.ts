import { Hono } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import { domainSchema } from '../../model/validation.ts';
import { readDomainSite } from '../../publisher/domains.ts';
import { readLiveManifest } from '../../publisher/versions.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';

/**
 * `GET /api/tls/ask?domain=…` (deploy/Caddyfile, `on_demand_tls`): Caddy asks before it requests a
 * certificate for a name it has none for. Only a domain whose pointer leads to a site whose live
 * version was published for it is a yes; anything else would let anyone pointing a name at the
 * server make it spend certificate-authority rate limits.
 */
export function tlsRoutes(deps: { storage: Storage }) {
  const app = new Hono<AppEnv>();
  route(app, contracts.tlsAsk, async ({ query }) => {
    const domain = domainSchema.safeParse(query.domain);
    const siteId = domain.success ? await readDomainSite(deps.storage, domain.data) : null;
    const live = siteId ? await readLiveManifest(deps.storage, siteId).catch(() => null) : null;
    if (!domain.success || !live || live.address.domain !== domain.data) throw notFound('siteNotFound');
    return { domain: domain.data };
  });
  return app;
}
