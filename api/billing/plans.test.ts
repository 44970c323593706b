import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planInputSchema, SEEDED_PLANS, type Plan } from '../../model/plan.ts';
import { plans } from '../db/schema-identity.ts';
import { seedPlans } from '../identity/seed-plans.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';
import { planInForce } from './plan-in-force.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

const STANDARD = planInputSchema.parse(SEEDED_PLANS.find((plan) => plan.id === 'standard'));

async function signedIn(type: 'OEM_MASTER' | 'USER', parentId?: string) {
  const account = await addAccount(ctx.db, { type, parentId, planId: type === 'OEM_MASTER' ? 'oem' : 'light' });
  const cookie = await ctx.loginAs(account.email, account.password);
  return { id: account.id, call: (path: string, init: Parameters<TestContext['request']>[1] = {}) => ctx.request(path, { ...init, headers: { cookie } }) };
}

const planOf = async (response: Response) => ((await response.json()) as { plan: Plan }).plan;

describe('plan management', () => {
  it('creates a platform plan with every field of spec §3, the fees and the powered-by flag, and lists it', async () => {
    const created = await ctx.request('/api/master/plan', { method: 'POST', json: { ...STANDARD, name: 'Campaign', licenseFee: 5_000, initialFee: 50_000, poweredBy: true, multilingual: true } });
    expect(created.status).toBe(201);
    const plan = await planOf(created);
    expect(plan).toMatchObject({ name: 'Campaign', version: 1, status: 'active', ownerId: null, supersedes: null, licenseFee: 5_000, initialFee: 50_000, poweredBy: true, multilingual: true });
    const listed = (await (await ctx.request('/api/master/plan')).json()) as { plans: Plan[] };
    expect(listed.plans.map((row) => row.id)).toContain(plan.id);
    expect(listed.plans.find((row) => row.id === 'trial')?.poweredBy).toBe(true);
  });

  it('edits an unused plan in place, but a plan an account is on becomes a new version and the account keeps the old terms', async () => {
    const plan = await planOf(await ctx.request('/api/master/plan', { method: 'POST', json: { ...STANDARD, name: 'Edited' } }));
    const inPlace = await planOf(await ctx.request(`/api/master/plan/${plan.id}`, { method: 'PUT', json: { ...STANDARD, name: 'Edited', price: 40_000 } }));
    expect(inPlace).toMatchObject({ id: plan.id, version: 1, price: 40_000 });

    const user = await ctx.request('/api/master/user', {
      method: 'POST',
      json: { companyName: 'On it', email: 'on-it@example.com', accountType: 'USER', planId: plan.id, contractStart: '2026-04-01' },
    });
    expect(user.status).toBe(201);
    const userId = ((await user.json()) as { user: { id: string } }).user.id;

    const next = await planOf(await ctx.request(`/api/master/plan/${plan.id}`, { method: 'PUT', json: { ...STANDARD, name: 'Edited', price: 45_000 } }));
    expect(next).toMatchObject({ version: 2, supersedes: plan.id, price: 45_000, status: 'active' });
    expect(next.id).not.toBe(plan.id);
    const old = (await ctx.db.select().from(plans).where(eq(plans.id, plan.id)).get())!;
    expect({ status: old.status, price: old.price }).toEqual({ status: 'archived', price: 40_000 });
    // The account is billed on the terms it signed, from its contract's start month.
    expect((await planInForce(ctx.db, userId, '2026-04'))?.price).toBe(40_000);
    expect(await planInForce(ctx.db, userId, '2026-03')).toBeNull();
    // The archived version is never edited again: the next edit goes to the current one.
    const again = await ctx.request(`/api/master/plan/${plan.id}`, { method: 'PUT', json: { ...STANDARD, price: 1 } });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { key: string }).key).toBe('planArchived');
  });

  it('two edits of a plan in use at once make one new version, never two', async () => {
    const plan = await planOf(await ctx.request('/api/master/plan', { method: 'POST', json: { ...STANDARD, name: 'Race' } }));
    await addAccount(ctx.db, { type: 'USER', planId: plan.id });
    const answers = await Promise.all([1, 2, 3, 4].map((price) => ctx.request(`/api/master/plan/${plan.id}`, { method: 'PUT', json: { ...STANDARD, name: 'Race', price } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    expect(await ctx.db.select().from(plans).where(eq(plans.supersedes, plan.id)).all()).toHaveLength(1);
  });

  it('archives a plan: offered to nobody, kept by the accounts on it', async () => {
    const plan = await planOf(await ctx.request('/api/master/plan', { method: 'POST', json: { ...STANDARD, name: 'Old' } }));
    const archived = await planOf(await ctx.request(`/api/master/plan/${plan.id}/archive`, { method: 'POST' }));
    expect(archived.status).toBe('archived');
    const user = await signedIn('USER');
    const view = (await (await user.call('/api/user-plan')).json()) as { choices: Plan[] };
    expect(view.choices.map((choice) => choice.id)).not.toContain(plan.id);
  });

  it('an OEM master sees and edits only its own plans; its customers choose from them; the platform sees them all', async () => {
    const oemA = await signedIn('OEM_MASTER');
    const oemB = await signedIn('OEM_MASTER');
    const planA = await planOf(await oemA.call('/api/oem-master/plan', { method: 'POST', json: { ...STANDARD, name: 'A basic' } }));
    expect(planA.ownerId).toBe(oemA.id);
    const planB = await planOf(await oemB.call('/api/oem-master/plan', { method: 'POST', json: { ...STANDARD, name: 'B basic' } }));

    const listedA = (await (await oemA.call('/api/oem-master/plan')).json()) as { plans: Plan[] };
    expect(listedA.plans.map((plan) => plan.id)).toEqual([planA.id]);
    expect((await oemA.call(`/api/oem-master/plan/${planB.id}`, { method: 'PUT', json: STANDARD })).status).toBe(404);
    expect((await oemA.call(`/api/oem-master/plan/${planB.id}/archive`, { method: 'POST' })).status).toBe(404);
    expect((await oemA.call('/api/oem-master/plan/standard', { method: 'PUT', json: STANDARD })).status).toBe(404);
    expect((await oemA.call('/api/master/plan', { method: 'POST', json: STANDARD })).status).toBe(403);
    expect((await oemA.call('/api/master/plan/all')).status).toBe(403);

    const customer = await signedIn('USER', oemA.id);
    const choices = ((await (await customer.call('/api/user-plan')).json()) as { choices: Plan[] }).choices;
    expect(choices.map((plan) => plan.id)).toEqual([planA.id]);
    // The OEM master itself buys from the platform.
    const own = ((await (await oemA.call('/api/user-plan')).json()) as { choices: Plan[] }).choices;
    expect(own.every((plan) => plan.ownerId === null)).toBe(true);

    const all = (await (await ctx.request('/api/master/plan/all')).json()) as { plans: Plan[] };
    expect(all.plans.map((plan) => plan.id)).toEqual(expect.arrayContaining([planA.id, planB.id, 'trial']));
    const platform = (await (await ctx.request('/api/master/plan')).json()) as { plans: Plan[] };
    expect(platform.plans.map((plan) => plan.id)).not.toContain(planA.id);
  });

  it("a start refreshes a seeded tier's figures until the operator edits it, and never revives an archived one", async () => {
    await ctx.db.update(plans).set({ price: 1 }).where(eq(plans.id, 'light')).run();
    await seedPlans(ctx.db);
    expect((await ctx.db.select().from(plans).where(eq(plans.id, 'light')).get())?.price).toBe(30_000);
    await ctx.request('/api/master/plan/light', { method: 'PUT', json: { ...planInputSchema.parse(SEEDED_PLANS.find((plan) => plan.id === 'light')), price: 33_000 } });
    await ctx.request('/api/master/plan/premium/archive', { method: 'POST' });
    await seedPlans(ctx.db);
    expect((await ctx.db.select().from(plans).where(eq(plans.id, 'light')).get())?.price).toBe(33_000);
    expect((await ctx.db.select().from(plans).where(eq(plans.id, 'premium')).get())?.status).toBe('archived');
  });
});
