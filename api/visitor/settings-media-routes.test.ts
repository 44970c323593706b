import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsMediaSrc } from '../../model/settings-media.ts';
import { createTestContext, pngBytes, type TestContext } from '../test-support.ts';

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

describe('media of popups, campaign and notifications on the site origin', () => {
  it('serves an upload the saved settings use, and no other upload of the site', async () => {
    const popupImage = await ctx.uploadMedia(siteId, await pngBytes(30, 20, '#ff0000'), 'popup.png');
    const bannerImage = await ctx.uploadMedia(siteId, await pngBytes(30, 20, '#00ff00'), 'banner.png');
    const unused = await ctx.uploadMedia(siteId, await pngBytes(30, 20, '#0000ff'), 'private.png');
    const response = await ctx.request(`/api/site/${siteId}`, {
      method: 'PUT',
      json: {
        popupCtas: { timeLimit: { id: 'time1', effectivePages: [1], media: { url: popupImage.url, type: 'IMAGE' }, transition: { transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'A1' } } },
        campaign: {
          startDate: new Date().toISOString(),
          endDate: new Date(Date.now() + 86_400_000).toISOString(),
          effectivePages: [1],
          banners: [{ id: 'banner1', mediaUrl: bannerImage.url, linkDestinationType: 'none' }],
        },
      },
    });
    expect(response.status).toBe(200);

    for (const url of [popupImage.url, bannerImage.url]) {
      const served = await ctx.visit(settingsMediaSrc(siteId, url), { site: siteId });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
    }
    expect((await ctx.visit(settingsMediaSrc(siteId, unused.url), { site: siteId })).status).toBe(404);
    expect(settingsMediaSrc(siteId, 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
  });
});
