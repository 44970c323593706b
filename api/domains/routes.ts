import { Hono } from 'hono';
import { domainContracts as contracts } from '../../model/contracts/access.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import type { Domains } from './domains.ts';

/** The domain setup stepper's calls: the state and records, "check now", removal. */
export function domainRoutes(domains: Domains) {
  const app = new Hono<AppEnv>();
  route(app, contracts.getSiteDomain, async ({ site }) => ({ domain: await domains.view(site.id) }));
  route(app, contracts.checkSiteDomain, async ({ site }) => await domains.checkNow(site.id));
  route(app, contracts.removeSiteDomain, async ({ site }) => {
    await domains.remove(site.id);
    return { removed: true as const };
  });
  return app;
}
