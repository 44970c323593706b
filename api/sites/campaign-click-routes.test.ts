import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let siteId: string;

const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
  const campaign = {
    startDate: new Date(Date.now() - DAY).toISOString(),
    endDate: new Date(Date.now() + DAY).toISOString(),
    isOnClickCount: true,
    effectivePages: [1],
    banners: [{ id: 'bn1', linkDestinationUrl: 'https://example.com/banner' }],
    buttons: [{ id: 'cb1', buttonText: '応募する', clickCount: 5, linkDestinationUrl: 'https://example.com/apply' }],
  };
  expect((await ctx.request(`/api/site/${siteId}`, { method: 'PUT', json: { campaign } })).status).toBe(200);
});
afterAll(() => ctx.cleanup());

describe('the click counts visitors see, for the owner (GET /site/{id}/campaign/click-counts)', () => {
  it('answers each item’s saved count plus the clicks the visitor call counted', async () => {
    await ctx.publish(siteId);
    const before = await ctx.request(`/api/site/${siteId}/campaign/click-counts`);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ counts: { bn1: 0, cb1: 5 } });
    for (const item of ['cb1', 'cb1', 'bn1']) {
      const counted = await ctx.visit(`/api/end-user/campaign/${item}/click?site_id=${siteId}`, { site: siteId, ip: '192.0.2.50' });
      expect(counted.status).toBe(200);
    }
    expect(await (await ctx.request(`/api/site/${siteId}/campaign/click-counts`)).json()).toEqual({ counts: { bn1: 1, cb1: 7 } });
  });

  it('answers no counts for a site without a campaign', async () => {
    const bare = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
    expect(await (await ctx.request(`/api/site/${bare}/campaign/click-counts`)).json()).toEqual({ counts: {} });
  });
});
