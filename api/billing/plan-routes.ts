import { Hono } from 'hono';
import { planContracts as contracts } from '../../model/contracts/plans.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { listPlansOf } from './owned-plans.ts';
import { cancelPlanChange, requestPlanChange } from './request-plan-change.ts';
import { archivePlan, createPlan, editPlan } from './save-plan.ts';
import { userPlanView } from './user-plan-view.ts';

/**
 * Plan management (the platform's catalogue under /master/plan, an OEM master's under
 * /oem-master/plan) and a customer's plan screen with its change requests (/user-plan).
 * The permission table has let in only the types each contract names; ownership of a plan is
 * checked here (another owner's plan is a 404).
 */
export function planRoutes(deps: { db: Db; clock?: () => Date }) {
  const { db } = deps;
  const now = () => deps.clock?.() ?? new Date();
  const app = new Hono<AppEnv>();
  route(app, contracts.listAllPlans, async () => ({ plans: await listPlansOf(db, 'all') }));
  route(app, contracts.listPlatformPlans, async () => ({ plans: await listPlansOf(db, null) }));
  route(app, contracts.createPlatformPlan, async ({ body }) => ({ plan: await createPlan(db, null, body, now()) }));
  route(app, contracts.editPlatformPlan, async ({ params, body }) => ({ plan: await editPlan(db, null, params.planId, body, now()) }));
  route(app, contracts.archivePlatformPlan, async ({ params }) => ({ plan: await archivePlan(db, null, params.planId) }));
  route(app, contracts.listOemPlans, async ({ account }) => ({ plans: await listPlansOf(db, account.tenantId) }));
  route(app, contracts.createOemPlan, async ({ account, body }) => ({ plan: await createPlan(db, account.tenantId, body, now()) }));
  route(app, contracts.editOemPlan, async ({ account, params, body }) => ({ plan: await editPlan(db, account.tenantId, params.planId, body, now()) }));
  route(app, contracts.archiveOemPlan, async ({ account, params }) => ({ plan: await archivePlan(db, account.tenantId, params.planId) }));
  route(app, contracts.userPlan, async ({ account }) => await userPlanView(db, account.tenantId, now().getTime()));
  route(app, contracts.requestPlanChange, async ({ account, body }) => {
    await requestPlanChange(db, account.tenantId, account.id, body, now().getTime());
    return await userPlanView(db, account.tenantId, now().getTime());
  });
  route(app, contracts.cancelPlanChange, async ({ account }) => {
    await cancelPlanChange(db, account.tenantId, now().getTime());
    return await userPlanView(db, account.tenantId, now().getTime());
  });
  return app;
}
