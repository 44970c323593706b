import { Hono } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import { domainSchema } from '../../model/validation.ts';
import type { AdminHosts } from '../branding/admin-hosts.ts';
import type { ConnectedDomains } from '../domains/connected-domains.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';

/**
 * `GET /api/tls/ask?domain=…` (deploy/Caddyfile, `on_demand_tls`): Caddy asks before it requests a
 * certificate for a name it has none for, and the handshake waits. Only a connected custom domain
 * (its TXT record and its address verified, api/domains/) is a yes, answered from memory; anything
 * else would let anyone pointing a name at the server make it spend certificate-authority limits.
 * An OEM's registered admin host is a yes too: the site port hands its requests to the admin
 * (api/app.ts), so it is served through the same catch-all name of deploy/Caddyfile.
 */
export function tlsRoutes(deps: { connectedDomains: ConnectedDomains; adminHosts: AdminHosts }) {
  const app = new Hono<AppEnv>();
  route(app, contracts.tlsAsk, ({ query }) => {
    const domain = domainSchema.safeParse(query.domain);
    if (!domain.success || !(deps.connectedDomains.has(domain.data) || deps.adminHosts.has(domain.data))) throw notFound('siteNotFound');
    return { domain: domain.data };
  });
  return app;
}
