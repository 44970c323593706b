import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';
import { rateLimitKind, VISITOR_RATE_LIMITS } from './visitor-api.ts';

describe('rateLimitKind', () => {
  it('puts every visitor call under exactly one limit', () => {
    expect(rateLimitKind('/api/end-user/events')).toBe('events');
    expect(rateLimitKind('/api/end-user/site/s1/popup-cta/p1/apply')).toBe('clicks');
    expect(rateLimitKind('/api/end-user/campaign/b1/click')).toBe('clicks');
    expect(rateLimitKind('/api/end-user/site/s1/campaign')).toBe('forms');
    expect(rateLimitKind('/api/contact')).toBe('forms');
    expect(rateLimitKind('/api/end-user/site/s1/login')).toBe('forms');
  });
});

describe('the visitor API on the site origin', () => {
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

  it(`answers 429 after ${VISITOR_RATE_LIMITS.forms} form posts a minute from one address, in the visitor language, not holding back others`, async () => {
    const post = async (ip: string) =>
      await ctx.visit('/api/contact', { site: siteId, method: 'POST', ip, json: { siteId, data: { email: 'a@example.com', companyName: 'x' }, lang: 'en' }, headers: { 'accept-language': 'ko' } });
    const statuses: number[] = [];
    for (let i = 0; i <= VISITOR_RATE_LIMITS.forms; i++) statuses.push((await post('203.0.113.50')).status);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    const refused = await post('203.0.113.50');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.', code: 'too_many_requests', key: 'tooManyRequests', values: {}, issues: [] });
    expect((await post('203.0.113.51')).status).toBe(201);
  });

  it(`limits campaign clicks, which are GETs, at ${VISITOR_RATE_LIMITS.clicks} a minute, and leaves other reads alone`, async () => {
    await ctx.request(`/api/site/${siteId}`, {
      method: 'PUT',
      json: {
        campaign: {
          startDate: new Date(Date.now() - 60_000).toISOString(),
          endDate: new Date(Date.now() + 86_400_000).toISOString(),
          isOnClickCount: true,
          buttons: [{ id: 'cb1', buttonLinkType: 'none' }],
        },
      },
    });
    const statuses: number[] = [];
    for (let i = 0; i <= VISITOR_RATE_LIMITS.clicks; i++) statuses.push((await ctx.visit(`/api/end-user/campaign/cb1/click?site_id=${siteId}`, { site: siteId, ip: '203.0.113.60' })).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(VISITOR_RATE_LIMITS.clicks);
    expect(statuses.at(-1)).toBe(429);
    for (let i = 0; i < VISITOR_RATE_LIMITS.clicks + 5; i++) expect((await ctx.visit(`/api/end-user/site/${siteId}/scripts`, { site: siteId, ip: '203.0.113.60' })).status).toBe(200);
  });

  it('is not served on the admin origin, and answers unknown visitor paths with a JSON 404', async () => {
    expect((await ctx.request(`/api/end-user/site/${siteId}/scripts`)).status).toBe(404);
    const unknown = await ctx.visit('/api/end-user/nothing', { site: siteId });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not found.', code: 'not_found', key: 'pathNotFound', values: {}, issues: [] });
  });

  it('takes no notice of the admin session or the same-site rule: a cross-site form post is judged on its own', async () => {
    const response = await ctx.visit('/api/contact', {
      site: siteId,
      method: 'POST',
      ip: '203.0.113.70',
      json: { siteId, data: { email: 'a@example.com', companyName: 'x' } },
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(201);
  });
});
