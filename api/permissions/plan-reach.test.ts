import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planInputSchema, SEEDED_PLANS, type Plan } from '../../model/plan.ts';
import { accounts } from '../db/schema.ts';
import { contractHistory, plans } from '../db/schema-identity.ts';
import { subscriptions } from '../db/schema-billing.ts';
import { addAccount, createTestContext, fileForm, type TestContext } from '../test-support.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

const STANDARD = planInputSchema.parse(SEEDED_PLANS.find((plan) => plan.id === 'standard'));

type Caller = { id: string; call: (path: string, init?: Parameters<TestContext['request']>[1]) => Promise<Response> };

async function signedIn(type: 'OEM_MASTER' | 'OEM_ADMIN' | 'USER', parentId?: string, planId: string | null = null): Promise<Caller> {
  const account = await addAccount(ctx.db, { type, parentId, planId });
  const cookie = await ctx.loginAs(account.email, account.password);
  return { id: account.id, call: (path, init = {}) => ctx.request(path, { ...init, headers: { cookie } }) };
}

async function privatePlan(oem: Caller, name: string): Promise<Plan> {
  const response = await oem.call('/api/oem-master/plan', { method: 'POST', json: { ...STANDARD, name } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { plan: Plan }).plan;
}

const listedPlanIds = async (caller: Pick<Caller, 'call'>) => ((await (await caller.call('/api/plan')).json()) as { plans: Plan[] }).plans.map((plan) => plan.id);

/** Every row a refused assignment could have written. */
const snapshot = async () => ({
  accounts: await ctx.db.select().from(accounts).orderBy(accounts.id).all(),
  subscriptions: await ctx.db.select().from(subscriptions).orderBy(subscriptions.id).all(),
  history: await ctx.db.select().from(contractHistory).orderBy(contractHistory.id).all(),
  plans: await ctx.db.select().from(plans).orderBy(plans.id).all(),
});

/** Two OEMs, each with a private plan, an OEM admin and a customer; a direct customer of the platform. */
async function twoOems() {
  const oemA = await signedIn('OEM_MASTER', undefined, 'oem');
  const oemB = await signedIn('OEM_MASTER', undefined, 'oem');
  const planA = await privatePlan(oemA, 'A only');
  const planB = await privatePlan(oemB, 'B only');
  const adminA = await signedIn('OEM_ADMIN', oemA.id);
  const userA = await signedIn('USER', adminA.id, planA.id);
  const userB = await signedIn('USER', oemB.id, planB.id);
  const direct = await signedIn('USER', undefined, 'light');
  return { oemA, oemB, planA, planB, adminA, userA, userB, direct };
}

describe('plans across OEMs', () => {
  it("lists an OEM's private plans only within its branch, the platform's plans to everyone, and every plan to the platform", async () => {
    const { oemA, oemB, planA, planB, adminA, userA, userB, direct } = await twoOems();
    const platformPlans = SEEDED_PLANS.map((plan) => plan.id);
    for (const caller of [oemA, adminA, userA]) {
      const listed = await listedPlanIds(caller);
      expect(listed).toContain(planA.id);
      expect(listed).not.toContain(planB.id);
      expect(listed).toEqual(expect.arrayContaining(platformPlans));
    }
    for (const caller of [oemB, userB]) {
      const listed = await listedPlanIds(caller);
      expect(listed).toContain(planB.id);
      expect(listed).not.toContain(planA.id);
    }
    const directListed = await listedPlanIds(direct);
    expect(directListed).not.toContain(planA.id);
    expect(directListed).not.toContain(planB.id);
    expect(directListed).toEqual(expect.arrayContaining(platformPlans));
    expect(await listedPlanIds({ call: ctx.request })).toEqual(expect.arrayContaining([planA.id, planB.id, ...platformPlans]));
  });

  it("refuses a new customer on another OEM's plan, by create and by import, and nothing changed", async () => {
    const { oemA, planB, adminA } = await twoOems();
    const before = await snapshot();
    const created = await oemA.call('/api/oem-master/user', { method: 'POST', json: { companyName: 'Stolen', email: 'stolen@example.com', accountType: 'USER', planId: planB.id } });
    expect(created.status).toBe(400);
    // The same answer as a plan that does not exist: another OEM's catalogue is not told apart from nothing.
    expect(((await created.json()) as { issues: { key: string }[] }).issues.map((issue) => issue.key)).toEqual(['unknownPlan']);
    const byAdmin = await adminA.call('/api/oem-admin/user', { method: 'POST', json: { companyName: 'Stolen', email: 'stolen-2@example.com', accountType: 'USER', planId: planB.id } });
    expect(byAdmin.status).toBe(400);
    const csv = `companyName,email,accountType,planId\nStolen,stolen-3@example.com,USER,${planB.id}\n`;
    const imported = await oemA.call('/api/oem-master/user/import', { method: 'POST', body: fileForm(new TextEncoder().encode(csv), 'users.csv', 'text/csv') });
    expect(imported.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses moving a customer to another OEM's plan, and nothing changed", async () => {
    const { oemA, planB, adminA, userA } = await twoOems();
    const before = await snapshot();
    for (const caller of [oemA, adminA]) {
      const moved = await caller.call(`/api/user/${userA.id}`, { method: 'PUT', json: { planId: planB.id } });
      expect(moved.status).toBe(400);
      expect(((await moved.json()) as { issues: { key: string }[] }).issues.map((issue) => issue.key)).toEqual(['unknownPlan']);
    }
    // Nor may the platform put an OEM's customer on a second OEM's plan: that OEM does not sell to it.
    expect((await ctx.request(`/api/user/${userA.id}`, { method: 'PUT', json: { planId: planB.id } })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("still assigns an OEM's own plans and the platform's within its branch", async () => {
    const { oemA, planA, adminA, userA } = await twoOems();
    const created = await adminA.call('/api/oem-admin/user', { method: 'POST', json: { companyName: 'Own', email: 'own@example.com', accountType: 'USER', planId: planA.id } });
    expect(created.status).toBe(201);
    expect((await oemA.call(`/api/user/${userA.id}`, { method: 'PUT', json: { planId: 'light' } })).status).toBe(200);
    expect((await ctx.request(`/api/user/${userA.id}`, { method: 'PUT', json: { planId: planA.id } })).status).toBe(200);
  });
});
