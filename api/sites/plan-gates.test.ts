import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEEDED_PLANS } from '../../model/plan.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

/** A signed-in user on the given plan; its calls go through the API. */
async function userOn(planId: string) {
  const user = await addAccount(ctx.db, { type: 'USER', planId });
  const cookie = await ctx.loginAs(user.email, user.password);
  return { user, call: (path: string, init: Parameters<TestContext['request']>[1] = {}) => ctx.request(path, { ...init, headers: { cookie } }) };
}

async function expectRefusal(response: Response, status: number, message: string) {
  expect({ status: response.status, message: ((await response.json()) as { message: string }).message }).toEqual({ status, message });
}

const LOCKED = 'This feature is not included in the current plan.';

describe('plans', () => {
  it('are seeded: six tiers, each with a multilingual variant, with every field of the spec', async () => {
    const { plans } = (await (await ctx.request('/api/plan')).json()) as { plans: Record<string, unknown>[] };
    expect(plans).toHaveLength(12);
    expect(plans.map((plan) => plan.id).sort()).toEqual(SEEDED_PLANS.map((plan) => plan.id).sort());
    for (const plan of plans) {
      expect(Object.keys(plan)).toEqual(
        expect.arrayContaining([
          'price',
          'quantitySwipe',
          'quantitySite',
          'limitAccess',
          'limitAccessPrice',
          'swipe',
          'privateDomain',
          'settingPopupCta',
          'settingFormContact',
          'analyticsEffect',
          'settingTagSeo',
          'multiLanguage',
        ]),
      );
      expect(plan.multiLanguage).toBe(String(plan.id).endsWith('-multilingual'));
    }
  });
});

describe("the owner's plan gates, in the API", () => {
  it('rows × columns up to quantitySwipe, on create and on resize', async () => {
    const { call } = await userOn('trial');
    await expectRefusal(await call('/api/site', { method: 'POST', json: { name: 'Big', numberHorizontal: 4, numberVertical: 3 } }), 400, "Rows times columns cannot exceed the plan's max creatives.");
    const created = await call('/api/site', { method: 'POST', json: { name: 'Fits', numberHorizontal: 2, numberVertical: 5 } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await expectRefusal(await call(`/api/site/${id}/grid`, { method: 'PUT', json: { numberHorizontal: 3, numberVertical: 4 } }), 400, "Rows times columns cannot exceed the plan's max creatives.");
    expect((await call(`/api/site/${id}/grid`, { method: 'PUT', json: { numberHorizontal: 5, numberVertical: 2 } })).status).toBe(200);
  });

  it('no more sites than quantitySite', async () => {
    const { call } = await userOn('trial');
    expect((await call('/api/site', { method: 'POST', json: { name: 'One', numberHorizontal: 1, numberVertical: 1 } })).status).toBe(201);
    await expectRefusal(await call('/api/site', { method: 'POST', json: { name: 'Two', numberHorizontal: 1, numberVertical: 1 } }), 403, "The plan's number of sites has been reached.");
  });

  it('a second language only with multiLanguage', async () => {
    const single = await userOn('pro');
    await expectRefusal(await single.call('/api/site', { method: 'POST', json: { name: 'Two languages', numberHorizontal: 1, numberVertical: 1, languages: ['jp', 'en'] } }), 403, LOCKED);
    const { id } = (await (await single.call('/api/site', { method: 'POST', json: { name: 'One language', numberHorizontal: 1, numberVertical: 1 } })).json()) as { id: string };
    await expectRefusal(await single.call(`/api/site/${id}`, { method: 'PUT', json: { languages: ['jp', 'kr'] } }), 403, LOCKED);
    const multi = await userOn('light-multilingual');
    expect((await multi.call('/api/site', { method: 'POST', json: { name: 'Two languages', numberHorizontal: 1, numberVertical: 1, languages: ['jp', 'en'] } })).status).toBe(201);
  });

  it('SEO and tags only with settingTagSeo, popup CTAs only with settingPopupCta, a custom domain only with privateDomain', async () => {
    const light = await userOn('light');
    const { id } = (await (await light.call('/api/site', { method: 'POST', json: { name: 'Light', numberHorizontal: 1, numberVertical: 1 } })).json()) as { id: string };
    await expectRefusal(await light.call(`/api/site/${id}`, { method: 'PUT', json: { seo: { head: '<meta name="x" content="y">' } } }), 403, LOCKED);
    await expectRefusal(await light.call(`/api/site/${id}`, { method: 'PUT', json: { customDomain: 'shop.example.com' } }), 403, LOCKED);
    const site = (await (await light.call(`/api/site/${id}`)).json()) as { settings: { popupCtas: unknown; seo: unknown; creatorPlanItem: unknown } };
    expect(site.settings.creatorPlanItem).toEqual({ settingFormContact: true, settingPopupCta: false });
    // Sending back what is stored is not a change.
    expect((await light.call(`/api/site/${id}`, { method: 'PUT', json: { name: 'Renamed', seo: site.settings.seo, popupCtas: site.settings.popupCtas } })).status).toBe(200);

    const premium = await userOn('premium');
    const other = (await (await premium.call('/api/site', { method: 'POST', json: { name: 'Premium', numberHorizontal: 1, numberVertical: 1 } })).json()) as { id: string };
    expect((await premium.call(`/api/site/${other.id}`, { method: 'PUT', json: { seo: { head: '<meta name="x" content="y">' }, customDomain: 'shop.example.com' } })).status).toBe(200);
  });

  it('follows a plan change at once, and a plan set on an OEM master covers its admins without one', async () => {
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'trial' });
    const oemAdmin = await addAccount(ctx.db, { type: 'OEM_ADMIN', parentId: oem.id });
    const cookie = await ctx.loginAs(oemAdmin.email, oemAdmin.password);
    const call = (path: string, init: Parameters<TestContext['request']>[1] = {}) => ctx.request(path, { ...init, headers: { cookie } });
    await expectRefusal(await call('/api/site', { method: 'POST', json: { name: 'Big', numberHorizontal: 5, numberVertical: 5 } }), 400, "Rows times columns cannot exceed the plan's max creatives.");
    expect((await ctx.request(`/api/user/${oem.id}`, { method: 'PUT', json: { planId: 'standard' } })).status).toBe(200);
    expect((await call('/api/site', { method: 'POST', json: { name: 'Big', numberHorizontal: 5, numberVertical: 5 } })).status).toBe(201);
  });
});
