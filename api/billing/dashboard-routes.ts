import { Hono } from 'hono';
import { dashboardContracts as contracts } from '../../model/contracts/dashboard.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { dashboardMonth, dashboardRange, monthRange } from './dashboard-range.ts';
import { dashboardScope } from './dashboard-scope.ts';
import { getAdoptionByPlan } from './get-adoption-by-plan.ts';
import { getRegistrationData } from './get-registration-data.ts';
import { getRevenue } from './get-revenue.ts';
import { getUserSite } from './get-user-site.ts';

/**
 * The operator's dashboard (B §7 `/dashboard/…`). The authorize middleware has let in only the
 * platform and OEM masters (and their sub-admins); each call covers the caller's scope only.
 */
export function dashboardRoutes(deps: { db: Db; now?: (() => Date) | undefined }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const app = new Hono<AppEnv>();
  route(app, contracts.getRegistrationData, async ({ account, query }) => await getRegistrationData(db, dashboardScope(account), dashboardRange(query, now()), query.unit));
  route(app, contracts.getUserSite, async ({ account, query }) => await getUserSite(db, dashboardScope(account), dashboardRange(query, now()), query.unit));
  route(app, contracts.getAdoptionByPlan, async ({ account, query }) => await getAdoptionByPlan(db, dashboardScope(account), dashboardMonth(query.month, now())));
  route(app, contracts.getRevenue, async ({ account, query }) => await getRevenue(db, dashboardScope(account), monthRange(query, now())));
  return app;
}
