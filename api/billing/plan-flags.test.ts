import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monthStartsAt } from '../../model/billing-month.ts';
import type { UserPlanView } from '../../model/plan-change.ts';
import { planInputSchema, SEEDED_PLANS, type Plan } from '../../model/plan.ts';
import { sites } from '../db/schema.ts';
import { analyticsSiteRollups } from '../db/schema-analytics.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';

/**
 * The two plan flags no gate read before: `swipe` (publishing a swipe site) and `limitAccess`
 * (the month's page views, billed over the limit and shown, never blocking visitors). The other
 * eight have their tests beside their gates: api/sites/plan-gates.test.ts (quantitySwipe,
 * quantitySite, multiLanguage, settingTagSeo, settingPopupCta, privateDomain),
 * api/visitor/form-routes.test.ts (settingFormContact), api/analytics/analytics-routes.test.ts (analyticsEffect).
 */
let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext({ clock: () => new Date('2026-11-20T03:00:00Z') });
});

afterEach(async () => {
  await ctx.cleanup();
});

const LIGHT = planInputSchema.parse(SEEDED_PLANS.find((plan) => plan.id === 'light'));

async function ownerOn(planId: string) {
  const owner = await addAccount(ctx.db, { type: 'USER', planId });
  const cookie = await ctx.loginAs(owner.email, owner.password);
  const site = await ctx.createSite({ name: 'Flags', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
  await ctx.db.update(sites).set({ ownerId: owner.id }).where(eq(sites.id, site.id)).run();
  return { siteId: site.id, call: (path: string, init: Parameters<TestContext['request']>[1] = {}) => ctx.request(path, { ...init, headers: { cookie } }) };
}

describe('plan flags', () => {
  it('swipe: a plan without it builds drafts but publishes no swipe site', async () => {
    const noSwipe = ((await (await ctx.request('/api/master/plan', { method: 'POST', json: { ...LIGHT, name: 'Drafts only', swipe: false } })).json()) as { plan: Plan }).plan;
    const blocked = await ownerOn(noSwipe.id);
    const refused = await blocked.call(`/api/site/${blocked.siteId}/publish`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { key: string }).key).toBe('planFeatureLocked');

    const allowed = await ownerOn('light');
    const started = await allowed.call(`/api/site/${allowed.siteId}/publish`, { method: 'POST' });
    expect(started.status).toBe(202);
    await ctx.jobs.finished(((await started.json()) as { publishId: string }).publishId);
  });

  it("limitAccess: the plan screen shows the month's page views against the limit and says when they are over it; visitors are still served", async () => {
    const owner = await ownerOn('light');
    const usage = async () => ((await (await owner.call('/api/user-plan')).json()) as UserPlanView).usage;
    expect(await usage()).toEqual({ month: '2026-11', pageViews: 0, limitAccess: 30_000, limitAccessPrice: 1_000, over: false });
    const row = { siteId: owner.siteId, grain: 'M', variant: '', lang: '', device: '', source: '' };
    await ctx.db
      .insert(analyticsSiteRollups)
      .values({ ...row, bucket: monthStartsAt('2026-11'), views: 30_001 })
      .run();
    // Last month's views are not this month's.
    await ctx.db
      .insert(analyticsSiteRollups)
      .values({ ...row, bucket: monthStartsAt('2026-10'), views: 99_999 })
      .run();
    expect(await usage()).toEqual({ month: '2026-11', pageViews: 30_001, limitAccess: 30_000, limitAccessPrice: 1_000, over: true });

    const published = await ctx.publish(owner.siteId);
    expect(published.publishId).toBeTruthy();
    expect((await ctx.visit('/', { site: owner.siteId })).status).toBe(200);
  });
});
