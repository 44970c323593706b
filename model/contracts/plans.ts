import { z } from 'zod';
import type { EffectiveType } from '../account.ts';
import { planChangeRequestSchema, userPlanViewSchema } from '../plan-change.ts';
import { planInputSchema, planSchema } from '../plan.ts';
import { contract, type Contract } from './contract.ts';
import { change, read } from './policy.ts';

const PLATFORM: readonly EffectiveType[] = ['MASTER', 'MASTER_USER'];
const OEM: readonly EffectiveType[] = ['OEM_MASTER'];
/** Accounts that hold a plan of their own and may ask to change it (a sub-admin acts for its parent). */
const PLAN_HOLDERS: readonly EffectiveType[] = ['OEM_MASTER', 'USER'];

const planListSchema = z.object({ plans: z.array(planSchema) });
const onePlanSchema = z.object({ plan: planSchema });

/** One owner's plan management: its catalogue (every version), create, edit (a new version when in use), archive. */
function managedPlans<const P extends 'master' | 'oem-master'>(prefix: P, types: readonly EffectiveType[], whose: string) {
  return {
    list: contract({
      method: 'GET',
      path: `/${prefix}/plan`,
      origin: 'admin',
      summary: `${whose} plans, every version, archived ones included`,
      policy: read('none', { types }),
      response: planListSchema,
    }),
    create: contract({
      method: 'POST',
      path: `/${prefix}/plan`,
      origin: 'admin',
      summary: `Create one of ${whose.toLowerCase()} plans`,
      policy: change('none', { types }),
      body: planInputSchema,
      response: onePlanSchema,
      status: 201,
    }),
    edit: contract({
      method: 'PUT',
      path: `/${prefix}/plan/:planId`,
      origin: 'admin',
      summary: 'Change a plan: in place while no account is on it, else as a new version (the accounts on it keep the old terms)',
      policy: change('none', { types }),
      body: planInputSchema,
      response: onePlanSchema,
    }),
    archive: contract({
      method: 'POST',
      path: `/${prefix}/plan/:planId/archive`,
      origin: 'admin',
      summary: 'Stop offering a plan; the accounts on it keep it',
      policy: change('none', { types }),
      response: onePlanSchema,
    }),
  };
}

const platformPlans = managedPlans('master', PLATFORM, "The platform's");
const oemPlans = managedPlans('oem-master', OEM, "The OEM master's");

/** Plans (spec B §2 plan management and plan confirmation, §7 /master/plan, /master/plan/all, /oem-master/plan, user-plan). */
export const planContracts = {
  listAllPlans: contract({
    method: 'GET',
    path: '/master/plan/all',
    origin: 'admin',
    summary: "Every plan: the platform's and every OEM master's, every version",
    policy: read('none', { types: PLATFORM }),
    response: planListSchema,
  }),
  listPlatformPlans: platformPlans.list,
  createPlatformPlan: platformPlans.create,
  editPlatformPlan: platformPlans.edit,
  archivePlatformPlan: platformPlans.archive,
  listOemPlans: oemPlans.list,
  createOemPlan: oemPlans.create,
  editOemPlan: oemPlans.edit,
  archiveOemPlan: oemPlans.archive,
  userPlan: contract({
    method: 'GET',
    path: '/user-plan',
    origin: 'admin',
    summary: "The caller's plan, the plans it may change to, its pending change and the month's page views against the limit",
    policy: read('none', { types: PLAN_HOLDERS }),
    response: userPlanViewSchema,
  }),
  requestPlanChange: contract({
    method: 'POST',
    path: '/user-plan/change',
    origin: 'admin',
    summary: 'Ask for another plan from the 1st of next month (Japan time)',
    policy: change('none', { types: PLAN_HOLDERS }),
    body: planChangeRequestSchema,
    response: userPlanViewSchema,
    status: 201,
  }),
  cancelPlanChange: contract({
    method: 'DELETE',
    path: '/user-plan/change',
    origin: 'admin',
    summary: 'Withdraw the pending plan change',
    policy: change('none', { types: PLAN_HOLDERS }),
    response: userPlanViewSchema,
  }),
} satisfies Record<string, Contract>;
