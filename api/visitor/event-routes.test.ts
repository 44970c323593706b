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

const rows = () =>
  ctx.db.$client
    .prepare('SELECT site_id, event_type, page_id, position, lang, session_id, variation_id, target_id, referrer, user_agent_class, occurred_at, received_at FROM visitor_events ORDER BY id')
    .all() as Record<string, unknown>[];
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

function send(events: unknown[], init: { contentType?: string; ip?: string } = {}) {
  return ctx.visit('/api/end-user/events', {
    site: siteId,
    method: 'POST',
    body: JSON.stringify({ events }),
    headers: { 'content-type': init.contentType ?? 'text/plain;charset=UTF-8', 'user-agent': IPHONE },
    ip: init.ip ?? '192.0.2.80',
  });
}

describe('POST /api/end-user/events', () => {
  it('answers 202 only once its N events are committed, as N rows in one transaction', async () => {
    const at = Date.now() - 5000;
    const events = Array.from({ length: 10 }, (_, i) => ({
      type: i % 2 ? 'click_cta_btn' : 'slide_page',
      siteId,
      pageId: `p${i}`,
      position: 'A1',
      lang: 'en',
      sessionId: 's-1',
      variationId: 'v-2',
      targetId: i % 2 ? `b${i}` : undefined,
      referrer: 'https://example.com/',
      at,
    }));
    const before = { ...ctx.events.stats };
    const response = await send(events);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 10 });
    // Answered means written: nothing is left to flush.
    expect(ctx.events.stats.transactions - before.transactions).toBe(1);
    expect(ctx.events.stats.rows - before.rows).toBe(10);
    const stored = rows();
    expect(stored).toHaveLength(10);
    expect(stored[1]).toEqual({
      site_id: siteId,
      event_type: 'click_cta_btn',
      page_id: 'p1',
      position: 'A1',
      lang: 'en',
      session_id: 's-1',
      variation_id: 'v-2',
      target_id: 'b1',
      referrer: 'https://example.com/',
      user_agent_class: 'mobile',
      occurred_at: at,
      received_at: expect.any(Number),
    });
  });

  it('writes several requests arriving together in one transaction (group commit)', async () => {
    const before = ctx.events.stats.transactions;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        send([
          { type: 'slide_page', siteId },
          { type: 'click_popup_cta', siteId, pageId: 'p1', targetId: 'pop1' },
        ]),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(5).fill(202));
    expect(ctx.events.stats.transactions - before).toBe(1);
    expect(rows()).toHaveLength(10);
  });

  it('stores the server time for a missing or implausible client time', async () => {
    await send([
      { type: 'slide_page', siteId, at: 1 },
      { type: 'slide_page', siteId },
    ]);
    await ctx.events.flush();
    for (const row of rows()) expect(Math.abs((row.occurred_at as number) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a bad batch whole with 400: unknown type, bad field, unknown site, empty, not JSON', async () => {
    const bad: [unknown, RegExp][] = [
      [[{ type: 'hover', siteId }], /^events\.0\.type/],
      [[{ type: 'slide_page', siteId, position: 'a1' }], /^events\.0\.position/],
      [[{ type: 'slide_page', siteId, sessionId: 'x'.repeat(65) }], /^events\.0\.sessionId/],
      [[{ type: 'slide_page', siteId: 'not-published' }], /unknown site not-published/],
      [[], /^events/],
    ];
    for (const [events, message] of bad) {
      const response = await send(events as unknown[]);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const notJson = await ctx.visit('/api/end-user/events', { site: siteId, method: 'POST', body: '{', ip: '192.0.2.80' });
    expect(notJson.status).toBe(400);
    await ctx.events.flush();
    expect(rows()).toHaveLength(0);
  });

  it('answers 429 with the spec-style message once a client sends too many batches', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await send([{ type: 'slide_page', siteId }], { ip: '192.0.2.99' })).status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(120);
    const refused = await ctx.visit('/api/end-user/events', { site: siteId, method: 'POST', body: '{}', ip: '192.0.2.99', headers: { 'accept-language': 'ja,en;q=0.8' } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。', code: 'too_many_requests', key: 'tooManyRequests', values: {}, issues: [] });
    // Another client is not held back, whatever X-Forwarded-For claims.
    expect(
      (
        await ctx.visit('/api/end-user/events', {
          site: siteId,
          method: 'POST',
          body: JSON.stringify({ events: [{ type: 'slide_page', siteId }] }),
          ip: '192.0.2.100',
          headers: { 'x-forwarded-for': '192.0.2.99' },
        })
      ).status,
    ).toBe(202);
    expect(
      (
        await ctx.visit('/api/end-user/events', {
          site: siteId,
          method: 'POST',
          body: JSON.stringify({ events: [{ type: 'slide_page', siteId }] }),
          ip: '192.0.2.99',
          headers: { 'x-forwarded-for': '203.0.113.1' },
        })
      ).status,
    ).toBe(429);
  });

  it('answers 503 with a message key, and keeps nothing, when the queue is full', async () => {
    await ctx.cleanup();
    ctx = await createTestContext({ eventQueue: { maxQueued: 5 } });
    siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
    await ctx.publish(siteId);
    const response = await send(Array.from({ length: 6 }, () => ({ type: 'slide_page', siteId })));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'unavailable', key: 'eventsNotStored' });
    expect(rows()).toHaveLength(0);
    expect((await send([{ type: 'slide_page', siteId }])).status).toBe(202);
    expect(rows()).toHaveLength(1);
  });

  it('refuses a body over 64 KiB before reading it', async () => {
    const response = await ctx.visit('/api/end-user/events', { site: siteId, method: 'POST', body: 'x'.repeat(70 * 1024), ip: '192.0.2.81' });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe('The request body is too large.');
  });
});
