import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserPlanView } from '../../model/plan-change.ts';
import { accounts } from '../db/schema.ts';
import { planChanges, subscriptions } from '../db/schema-billing.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';
import { createPlanJobs } from './plan-jobs.ts';
import { planInForce } from './plan-in-force.ts';
import { syncSubscriptions } from './sync-subscriptions.ts';

let ctx: TestContext;
let now = Date.parse('2026-11-10T03:00:00Z');

beforeEach(async () => {
  now = Date.parse('2026-11-10T03:00:00Z');
  ctx = await createTestContext({ clock: () => new Date(now) });
});

afterEach(async () => {
  await ctx.cleanup();
});

const jobs = () => createPlanJobs({ db: ctx.db, storage: ctx.storage, republish: async (siteId) => await ctx.jobs.start(siteId), clock: () => new Date(now) });

async function customer(planId = 'light') {
  const account = await addAccount(ctx.db, { type: 'USER', planId });
  await syncSubscriptions(ctx.db, '2026-11');
  const cookie = await ctx.loginAs(account.email, account.password);
  const call = (path: string, init: Parameters<TestContext['request']>[1] = {}) => ctx.request(path, { ...init, headers: { cookie } });
  return { id: account.id, call };
}

const AGREED = { agreeTerms: true, agreePrivacy: true };
const view = async (response: Response) => (await response.json()) as UserPlanView;

describe('plan change requests', () => {
  it('take effect on the 1st of the next month in Japan time: a second before Tokyo midnight is this month, midnight is the next', async () => {
    const before = await customer();
    now = Date.parse('2026-11-30T14:59:59Z'); // 23:59:59 on 30 November in Tokyo
    const made = await before.call('/api/user-plan/change', { method: 'POST', json: { planId: 'standard', ...AGREED } });
    expect(made.status).toBe(201);
    expect((await view(made)).pending).toMatchObject({ fromPlanId: 'light', toPlanId: 'standard', effectiveMonth: '2026-12', status: 'pending' });

    const after = await customer();
    now = Date.parse('2026-11-30T15:00:00Z'); // 00:00 on 1 December in Tokyo
    const late = await view(await after.call('/api/user-plan/change', { method: 'POST', json: { planId: 'standard', ...AGREED } }));
    expect(late.pending?.effectiveMonth).toBe('2027-01');
    expect(late.nextMonth).toBe('2027-01');
  });

  it('keep the account on its plan until the month begins; the job then moves it, once, however often it runs', async () => {
    const user = await customer();
    await user.call('/api/user-plan/change', { method: 'POST', json: { planId: 'standard', ...AGREED } });
    const planJobs = jobs();
    now = Date.parse('2026-11-30T14:59:59Z');
    expect((await planJobs.runDue()).plansApplied).toEqual([]);
    expect((await ctx.db.select().from(accounts).where(eq(accounts.id, user.id)).get())?.planId).toBe('light');

    now = Date.parse('2026-11-30T15:00:00Z');
    const [first, second] = await Promise.all([planJobs.runDue(), planJobs.runDue()]);
    expect(first.plansApplied).toEqual([user.id]);
    expect(second).toBe(first);
    expect((await planJobs.runDue()).plansApplied).toEqual([]);
    // Two jobs in two processes would each find nothing left to claim: run a second scheduler too.
    expect((await jobs().runDue()).plansApplied).toEqual([]);

    expect((await ctx.db.select().from(accounts).where(eq(accounts.id, user.id)).get())?.planId).toBe('standard');
    expect((await planInForce(ctx.db, user.id, '2026-11'))?.id).toBe('light');
    expect((await planInForce(ctx.db, user.id, '2026-12'))?.id).toBe('standard');
    const rows = await ctx.db.select().from(subscriptions).where(eq(subscriptions.accountId, user.id)).orderBy(subscriptions.startMonth).all();
    expect(rows.map(({ planId, startMonth, endMonth }) => ({ planId, startMonth, endMonth }))).toEqual([
      { planId: 'light', startMonth: '2026-11', endMonth: '2026-12' },
      { planId: 'standard', startMonth: '2026-12', endMonth: null },
    ]);
    expect((await ctx.db.select().from(planChanges).where(eq(planChanges.accountId, user.id)).get())?.status).toBe('applied');
  });

  it('a server down at the month start applies the change on its next start, from the month the customer asked for', async () => {
    const user = await customer();
    await user.call('/api/user-plan/change', { method: 'POST', json: { planId: 'standard', ...AGREED } });
    now = Date.parse('2027-01-15T00:00:00Z');
    expect((await jobs().runDue()).plansApplied).toEqual([user.id]);
    expect((await planInForce(ctx.db, user.id, '2026-12'))?.id).toBe('standard');
  });

  it('a paid plan needs the terms and privacy agreements; one pending request at a time, even asked in parallel; it can be cancelled', async () => {
    const user = await customer('trial');
    const refused = await user.call('/api/user-plan/change', { method: 'POST', json: { planId: 'standard', agreeTerms: true } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { key: string }).key).toBe('planAgreementRequired');
    // The free plan is no contract to agree to.
    expect((await user.call('/api/user-plan/change', { method: 'POST', json: { planId: 'trial-multilingual' } })).status).toBe(201);
    await user.call('/api/user-plan/change', { method: 'DELETE' });

    const answers = await Promise.all(['light', 'standard', 'premium'].map((planId) => user.call('/api/user-plan/change', { method: 'POST', json: { planId, ...AGREED } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    expect(
      await ctx.db
        .select()
        .from(planChanges)
        .where(and(eq(planChanges.accountId, user.id), eq(planChanges.status, 'pending')))
        .all(),
    ).toHaveLength(1);

    const cancelled = await view(await user.call('/api/user-plan/change', { method: 'DELETE' }));
    expect(cancelled.pending).toBeNull();
    expect((await user.call('/api/user-plan/change', { method: 'DELETE' })).status).toBe(400);
    now = Date.parse('2026-12-01T00:00:00Z');
    expect((await jobs().runDue()).plansApplied).toEqual([]);
  });

  it('refuses the current plan, another seller’s plan, and an account without a plan of its own', async () => {
    const user = await customer();
    expect(((await (await user.call('/api/user-plan/change', { method: 'POST', json: { planId: 'light', ...AGREED } })).json()) as { key: string }).key).toBe('planChangeSamePlan');
    expect(((await (await user.call('/api/user-plan/change', { method: 'POST', json: { planId: 'nope', ...AGREED } })).json()) as { key: string }).key).toBe('planNotOffered');
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    const underOem = await addAccount(ctx.db, { type: 'USER', parentId: oem.id, planId: 'light' });
    const cookie = await ctx.loginAs(underOem.email, underOem.password);
    const platformPlan = await ctx.request('/api/user-plan/change', { method: 'POST', json: { planId: 'standard', ...AGREED }, headers: { cookie } });
    expect(((await platformPlan.json()) as { key: string }).key).toBe('planNotOffered');
    const planless = await addAccount(ctx.db, { type: 'USER', planId: null });
    const answer = await ctx.request('/api/user-plan/change', { method: 'POST', json: { planId: 'standard', ...AGREED }, headers: { cookie: await ctx.loginAs(planless.email, planless.password) } });
    expect(((await answer.json()) as { key: string }).key).toBe('noPlanOfItsOwn');
  });
});

describe('subscriptions', () => {
  it('follow every place a plan is set: creating a user, the operator changing it, and a start for accounts that have none', async () => {
    const created = await ctx.request('/api/master/user', {
      method: 'POST',
      json: { companyName: 'Sub', email: 'sub@example.com', accountType: 'USER', planId: 'light', contractStart: '2026-09-01' },
    });
    const id = ((await created.json()) as { user: { id: string } }).user.id;
    expect((await planInForce(ctx.db, id, '2026-09'))?.id).toBe('light');
    expect(await planInForce(ctx.db, id, '2026-08')).toBeNull();
    expect((await ctx.request(`/api/user/${id}`, { method: 'PUT', json: { planId: 'premium' } })).status).toBe(200);
    expect((await planInForce(ctx.db, id, billingMonthNow()))?.id).toBe('premium');
    expect((await planInForce(ctx.db, id, '2026-09'))?.id).toBe('light');

    const old = await addAccount(ctx.db, { type: 'USER', planId: 'pro' });
    const subAdmin = await addAccount(ctx.db, { type: 'SUB_ADMIN', parentId: old.id });
    expect(await planInForce(ctx.db, old.id, '2026-11')).toBeNull();
    expect(await syncSubscriptions(ctx.db, '2026-11')).toBeGreaterThan(0);
    expect((await planInForce(ctx.db, old.id, '2026-11'))?.id).toBe('pro');
    expect(await planInForce(ctx.db, subAdmin.id, '2026-11')).toBeNull();
    expect(await syncSubscriptions(ctx.db, '2026-11')).toBe(0);
  });
});

/** The real month: the user routes read the real clock. */
function billingMonthNow(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
}
