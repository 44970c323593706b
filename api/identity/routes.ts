import { Hono } from 'hono';
import { identityContracts as contracts } from '../../model/contracts/identity.ts';
import { defaultSiteDomain } from '../../model/site-origin.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import type { Background } from '../mail/background.ts';
import type { Mailer } from '../mail/mailer.ts';
import { authRoutes } from './auth-routes.ts';
import { listPlans } from './list-plans.ts';
import { subAdminRoutes } from './sub-admin-routes.ts';
import { userRoutes } from './user-routes.ts';

export type IdentityRouteDeps = {
  db: Db;
  mailer: Mailer;
  adminOrigin: string;
  siteOrigin: string | undefined;
  siteDomain?: string;
  background: Background;
  /** Called when the operator changes a user's plan (its live sites are published again, api/billing/). */
  onPlanChanged?: (accountId: string) => Promise<void>;
};

/** The back-office identity calls, registered at their full paths: /meta, /auth, plans, users and contracts, admin lists. */
export function identityRoutes(deps: IdentityRouteDeps) {
  const app = new Hono<AppEnv>();
  // Public facts the console needs before sign-in: where published sites are served.
  route(app, contracts.meta, () => ({ siteOrigin: deps.siteOrigin ?? null, siteDomain: deps.siteOrigin ? (deps.siteDomain ?? defaultSiteDomain(deps.siteOrigin)) : null }));
  route(app, contracts.listPlans, async ({ account }) => ({ plans: await listPlans(deps.db, account) }));
  return app.route('/', authRoutes(deps)).route('/', userRoutes(deps)).route('/', subAdminRoutes(deps));
}
