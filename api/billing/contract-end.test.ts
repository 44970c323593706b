import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishes as publishesTable, sites } from '../db/schema.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';
import { createPlanJobs } from './plan-jobs.ts';
import { syncSubscriptions } from './sync-subscriptions.ts';

let ctx: TestContext;
let now = Date.parse('2026-11-10T03:00:00Z');
let publishes: string[] = [];

beforeEach(async () => {
  now = Date.parse('2026-11-10T03:00:00Z');
  publishes = [];
  ctx = await createTestContext({ clock: () => new Date(now) });
});

afterEach(async () => {
  await Promise.all(publishes.map((id) => ctx.jobs.finished(id)));
  await ctx.cleanup();
});

const planJobs = () => createPlanJobs({ db: ctx.db, storage: ctx.storage, republish: async (siteId) => publishes.push(await ctx.jobs.start(siteId)), clock: () => new Date(now) });

/** Waits for the publishes the jobs started. */
async function settled(): Promise<void> {
  await Promise.all(publishes.splice(0).map((id) => ctx.jobs.finished(id)));
}

/** A customer with a published site (and a draft it never published). */
async function customerWithSite(planId: string, contractExpiry: string | null = null) {
  const owner = await addAccount(ctx.db, { type: 'USER', planId });
  const site = await ctx.createSite({ name: 'Contract', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
  const draft = await ctx.createSite({ name: 'Never published', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
  await ctx.db.update(sites).set({ ownerId: owner.id }).where(eq(sites.id, site.id)).run();
  await ctx.db.update(sites).set({ ownerId: owner.id }).where(eq(sites.id, draft.id)).run();
  await ctx.request(`/api/user/${owner.id}`, { method: 'PUT', json: { contractExpiry } });
  await syncSubscriptions(ctx.db, '2026-11');
  await ctx.publish(site.id);
  return { ownerId: owner.id, email: owner.email, password: owner.password, siteId: site.id, draftId: draft.id };
}

const live = async (siteId: string) => (await ctx.visit('/', { site: siteId })).status;
const marked = async (siteId: string) => (await ctx.db.select().from(sites).where(eq(sites.id, siteId)).get())?.unpublishedByContractAt ?? null;

describe('contract end', () => {
  it('unpublishes the sites on the expiry date in Tokyo, once, and publishes exactly those again when the contract is renewed', async () => {
    const { ownerId, siteId, draftId } = await customerWithSite('light', '2026-11-30');
    const jobs = planJobs();
    now = Date.parse('2026-11-29T14:59:59Z'); // 23:59:59 on the 29th in Tokyo
    expect((await jobs.runDue()).unpublished).toEqual([]);
    expect(await live(siteId)).toBe(200);

    now = Date.parse('2026-11-29T15:00:00Z'); // the expiry date begins in Tokyo
    expect((await jobs.runDue()).unpublished).toEqual([siteId]);
    expect(await live(siteId)).toBe(404);
    expect(await marked(siteId)).toEqual(new Date(now));
    expect(await marked(draftId)).toBeNull();
    expect((await jobs.runDue()).unpublished).toEqual([]);

    // Renewed: the expiry moves on, the site comes back, the draft stays a draft.
    expect((await ctx.request(`/api/user/${ownerId}`, { method: 'PUT', json: { contractExpiry: '2027-11-30' } })).status).toBe(200);
    expect((await jobs.runDue()).republished).toEqual([siteId]);
    await settled();
    expect(await live(siteId)).toBe(200);
    expect(await marked(siteId)).toBeNull();
    expect((await ctx.db.select().from(sites).where(eq(sites.id, draftId)).get())?.liveVersion).toBeNull();
    expect((await jobs.runDue()).republished).toEqual([]);
  });

  it('a suspension takes the sites down and a resumption brings them back; a termination never does', async () => {
    const { ownerId, siteId } = await customerWithSite('standard');
    const jobs = planJobs();
    const contract = (state: string) => ctx.request(`/api/master/user/${ownerId}/contract`, { method: 'PUT', json: { state } });
    expect((await contract('suspended')).status).toBe(200);
    expect((await jobs.runDue()).unpublished).toEqual([siteId]);
    expect(await live(siteId)).toBe(404);
    expect((await contract('active')).status).toBe(200);
    expect((await jobs.runDue()).republished).toEqual([siteId]);
    await settled();
    expect(await live(siteId)).toBe(200);

    expect((await contract('terminated')).status).toBe(200);
    expect((await jobs.runDue()).unpublished).toEqual([siteId]);
    expect((await jobs.runDue()).republished).toEqual([]);
    expect(await live(siteId)).toBe(404);
  });
});

describe('the powered-by footer', () => {
  it("follows the plan: absent on a paid plan's pages, there once a change to the free plan applies, which publishes the site again", async () => {
    const { ownerId, email, password, siteId } = await customerWithSite('light');
    const footer = async () => (await (await ctx.visit('/', { site: siteId })).text()).includes('Powered by Swipegrid');
    expect(await footer()).toBe(false);

    const cookie = await ctx.loginAs(email, password);
    expect((await ctx.request('/api/user-plan/change', { method: 'POST', json: { planId: 'trial' }, headers: { cookie } })).status).toBe(201);
    now = Date.parse('2026-11-30T15:00:00Z');
    expect((await planJobs().runDue()).plansApplied).toEqual([ownerId]);
    expect(publishes).toHaveLength(1);
    await settled();
    expect(await footer()).toBe(true);
  });

  it("the operator's change of a user's plan publishes its live sites again at once, and the footer goes when the plan has none", async () => {
    const { ownerId, siteId } = await customerWithSite('trial');
    const footer = async () => (await (await ctx.visit('/', { site: siteId })).text()).includes('Powered by Swipegrid');
    expect(await footer()).toBe(true);
    expect((await ctx.request(`/api/user/${ownerId}`, { method: 'PUT', json: { planId: 'standard' } })).status).toBe(200);
    const started = await ctx.db
      .select()
      .from(publishesTable)
      .where(and(eq(publishesTable.siteId, siteId), eq(publishesTable.status, 'running')))
      .all();
    expect(started).toHaveLength(1);
    await ctx.jobs.finished(started[0]!.id);
    expect(await footer()).toBe(false);
  });
});
