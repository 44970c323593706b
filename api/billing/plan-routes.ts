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
  route(app, contracts.listAllPlans, () => ({ plans: listPlansOf(db, 'all') }));
  route(app, contracts.listPlatformPlans, () => ({ plans: listPlansOf(db, null) }));
  route(app, contracts.createPlatformPlan, ({ body }) => ({ plan: createPlan(db, null, body, now()) }));
  route(app, contracts.editPlatformPlan, ({ params, body }) => ({ plan: editPlan(db, null, params.planId, body, now()) }));
  route(app, contracts.archivePlatformPlan, ({ params }) => ({ plan: archivePlan(db, null, params.planId) }));
  route(app, contracts.listOemPlans, ({ account }) => ({ plans: listPlansOf(db, account.tenantId) }));
  route(app, contracts.createOemPlan, ({ account, body }) => ({ plan: createPlan(db, account.tenantId, body, now()) }));
  route(app, contracts.editOemPlan, ({ account, params, body }) => ({ plan: editPlan(db, account.tenantId, params.planId, body, now()) }));
  route(app, contracts.archiveOemPlan, ({ account, params }) => ({ plan: archivePlan(db, account.tenantId, params.planId) }));
  route(app, contracts.userPlan, ({ account }) => userPlanView(db, account.tenantId, now().getTime()));
  route(app, contracts.requestPlanChange, ({ account, body }) => {
    requestPlanChange(db, account.tenantId, account.id, body, now().getTime());
    return userPlanView(db, account.tenantId, now().getTime());
  });
  route(app, contracts.cancelPlanChange, ({ account }) => {
    cancelPlanChange(db, account.tenantId, now().getTime());
    return userPlanView(db, account.tenantId, now().getTime());
  });
  return app;
}
