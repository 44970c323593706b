import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let siteId: string;

beforeEach(async () => {
  ctx = await createTestContext();
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
  await ctx.publish(siteId);
});

afterEach(async () => {
  await ctx.cleanup();
});

const day = 24 * 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function putSettings(json: unknown) {
  const response = await ctx.request(`/api/site/${siteId}`, { method: 'PUT', json });
  expect(response.status).toBe(200);
}

const campaign = (input: Record<string, unknown> = {}) => ({
  startDate: iso(-day),
  endDate: iso(day),
  isOnClickCount: true,
  positionLp: 'left',
  effectivePages: [1],
  buttons: [{ id: 'cb1', buttonText: 'Join', clickCount: 5, linkDestinationUrl: 'https://example.com/join' }],
  banners: [{ id: 'bn1', linkDestinationType: 'none' }],
  ...input,
});

const click = async (itemId: string, query = `site_id=${siteId}`) => await ctx.visit(`/api/end-user/campaign/${itemId}/click?${query}`, { site: siteId, ip: '192.0.2.50' });

describe('campaign clicks', () => {
  it('counts a click and answers the new count as a bare number, buttons and banners alike', async () => {
    await putSettings({ campaign: campaign() });
    const first = await click('cb1');
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('6');
    expect(await (await click('cb1')).json()).toBe(7);
    expect(await (await click('bn1')).json()).toBe(1);
    const view = (await (await ctx.visit(`/api/end-user/site/${siteId}/campaign`, { site: siteId })).json()) as {
      active: boolean;
      sliderPosition: number;
      campaign: { buttons: { clickCount: number }[]; banners: { clickCount: number }[] };
    };
    expect(view).toMatchObject({ active: true, sliderPosition: 1 });
    expect(view.campaign.buttons[0]!.clickCount).toBe(7);
    expect(view.campaign.banners[0]!.clickCount).toBe(1);
  });

  it('counts nothing for an unknown item, a campaign that does not count clicks, or one not on the air', async () => {
    await putSettings({ campaign: campaign() });
    expect((await click('nope')).status).toBe(404);
    await putSettings({ campaign: campaign({ isOnClickCount: false }) });
    expect((await click('cb1')).status).toBe(404);
    await putSettings({ campaign: campaign({ startDate: null }) });
    expect((await click('cb1')).status).toBe(404);
    expect(((await (await ctx.visit(`/api/end-user/site/${siteId}/campaign`, { site: siteId })).json()) as { active: boolean }).active).toBe(false);
  });

  it('needs a well-formed site_id', async () => {
    await putSettings({ campaign: campaign() });
    expect((await click('cb1', '')).status).toBe(400);
    expect((await click('cb1', 'site_id=../x')).status).toBe(400);
    expect((await click('cb1', 'site_id=unknown')).status).toBe(404);
  });

  it('answers no campaign for a site without one', async () => {
    expect(await (await ctx.visit(`/api/end-user/site/${siteId}/campaign`, { site: siteId })).json()).toEqual({ campaign: null, active: false, sliderPosition: null });
  });
});

describe('GET /api/end-user/noti_delivery', () => {
  it('returns only the notifications inside their date window', async () => {
    await putSettings({
      notifications: [
        { id: 'n-now', title: 'Now', startDate: iso(-day), endDate: iso(day) },
        { id: 'n-open', title: 'Always' },
        { id: 'n-past', title: 'Past', startDate: iso(-2 * day), endDate: iso(-day) },
        { id: 'n-future', title: 'Future', startDate: iso(day), endDate: iso(2 * day) },
      ],
    });
    const response = await ctx.visit(`/api/end-user/noti_delivery?site_id=${siteId}`, { site: siteId });
    expect(response.status).toBe(200);
    const { notifications } = (await response.json()) as { notifications: { id: string }[] };
    expect(notifications.map((notification) => notification.id)).toEqual(['n-now', 'n-open']);
  });

  it('refuses a missing site_id and an unpublished site', async () => {
    expect((await ctx.visit('/api/end-user/noti_delivery', { site: siteId })).status).toBe(400);
    const draft = await ctx.createSite();
    expect((await ctx.visit(`/api/end-user/noti_delivery?site_id=${draft.id}`, { site: siteId })).status).toBe(404);
  });
});
