import { sqlAll } from '../db/test-sql.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';
import { deleteExpiredSalts } from './analytics-salts.ts';

let ctx: TestContext;
let siteId: string;
/** The site app's clock: the time received, the 30-minute visit rule. */
let now = Date.parse('2026-11-24T10:00:00Z');

beforeEach(async () => {
  now = Date.parse('2026-11-24T10:00:00Z');
  ctx = await createTestContext({ clock: () => new Date(now) });
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
  await ctx.publish(siteId);
});

afterEach(async () => {
  await ctx.cleanup();
});

const rows = async () => (await sqlAll(ctx.db, 'SELECT * FROM visitor_events ORDER BY id')) as Record<string, unknown>[];
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

async function send(events: unknown[], init: { contentType?: string; ip?: string; cookie?: string; userAgent?: string; site?: string; host?: string } = {}) {
  return await ctx.visit('/api/end-user/events', {
    site: siteId,
    method: 'POST',
    body: JSON.stringify({ siteId: init.site ?? siteId, lang: 'en', events }),
    headers: {
      'content-type': init.contentType ?? 'text/plain;charset=UTF-8',
      'user-agent': init.userAgent ?? IPHONE,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.host ? { host: init.host } : {}),
    },
    ip: init.ip ?? '192.0.2.80',
  });
}

const sessionOf = (response: Response) => /(?:^|, )sessionId=([^;]+)/.exec(response.headers.getSetCookie().join(', '))?.[1];

describe('POST /api/end-user/events', () => {
  it('answers 202 only once its N events are committed, as N typed rows in one transaction', async () => {
    const at = now - 5000;
    const events = [
      { type: 'landing', cell: 'A1', pageId: 'p1', referrerHost: 'WWW.Example.com', utmSource: 'mail', utmMedium: 'email', utmCampaign: 'spring', at },
      { type: 'slide_page', cell: 'A1', to: 'A2', direction: 'down', pageId: 'p2', at },
      { type: 'dwell', cell: 'A2', ms: 1500, at },
      { type: 'click_sns', cell: 'A2', snsType: 'line', at },
      { type: 'click_cta_btn', cell: 'A2', targetId: 'b1', at },
      { type: 'tap', cell: 'A2', x: 7, y: 28, at },
      { type: 'exit', cell: 'A2', direction: 'up', at },
    ];
    const before = { ...ctx.events.stats };
    const response = await send(events, { cookie: 'sessionId=s-1; variationId=v-2; experimentId=e-3' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 7 });
    // Answered means written: nothing is left to flush.
    expect(ctx.events.stats.transactions - before.transactions).toBe(1);
    expect(ctx.events.stats.rows - before.rows).toBe(7);
    const stored = await rows();
    const common = { site_id: siteId, session_id: 's-1', variation_id: 'v-2', experiment_id: 'e-3', lang: 'en', device: 'mobile', occurred_at: at, received_at: now, visit_id: stored[0]!.visit_id };
    const none = {
      to_cell: null,
      page_id: null,
      direction: null,
      value: null,
      tap_x: null,
      tap_y: null,
      target_id: null,
      sns_type: null,
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    };
    // One transaction wrote them all (on PostgreSQL its id; 0 on SQLite).
    expect(new Set(stored.map((row) => row.xact_id)).size).toBe(1);
    expect(stored.map(({ id, xact_id, ...row }) => row)).toEqual([
      { ...common, ...none, kind: 'landing', cell: 'A1', page_id: 'p1', referrer_host: 'www.example.com', utm_source: 'mail', utm_medium: 'email', utm_campaign: 'spring' },
      { ...common, ...none, kind: 'slide_page', cell: 'A1', to_cell: 'A2', direction: 'down', page_id: 'p2' },
      { ...common, ...none, kind: 'dwell', cell: 'A2', value: 1500 },
      { ...common, ...none, kind: 'click_sns', cell: 'A2', sns_type: 'line' },
      { ...common, ...none, kind: 'click_cta_btn', cell: 'A2', target_id: 'b1' },
      { ...common, ...none, kind: 'tap', cell: 'A2', tap_x: 7, tap_y: 28 },
      { ...common, ...none, kind: 'exit', cell: 'A2', direction: 'up' },
    ]);
    // A visitor who has a session keeps it: no cookie is set again.
    expect(sessionOf(response)).toBeUndefined();
  });

  it('gives a visitor without a session a sessionId cookie for 3650 days on this origin, and files the next batch under it', async () => {
    const first = await send([{ type: 'landing', cell: 'A1' }]);
    expect(first.status).toBe(202);
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith('sessionId='))!;
    expect(cookie).toMatch(/^sessionId=[A-Za-z0-9-]{36}; Max-Age=315360000; Path=\/; SameSite=Lax$/);
    // No Domain attribute: a sibling site or the admin never receives it.
    expect(cookie).not.toMatch(/domain/i);
    const session = sessionOf(first)!;
    const second = await send([{ type: 'dwell', cell: 'A1', ms: 10 }], { cookie: `sessionId=${session}` });
    expect(sessionOf(second)).toBeUndefined();
    expect((await rows()).map((row) => row.session_id)).toEqual([session, session]);
    // A forged cookie is not stored: the visitor gets a fresh id instead.
    const forged = await send([{ type: 'dwell', cell: 'A1', ms: 10 }], { cookie: 'sessionId=<script>' });
    expect(sessionOf(forged)).toMatch(/^[A-Za-z0-9-]{36}$/);
    expect((await rows())[2]!.session_id).toBe(sessionOf(forged));
  });

  it('ends a visit after 30 minutes without an event, by the time of the events', async () => {
    const cookie = 'sessionId=visitor-1';
    const t0 = now;
    await send([{ type: 'landing', cell: 'A1', at: t0 }], { cookie });
    now = t0 + 29 * 60_000;
    await send([{ type: 'dwell', cell: 'A1', ms: 5, at: now }], { cookie });
    // 30 minutes after the last event, not after the first: still the same visit.
    now = t0 + 58 * 60_000;
    await send([{ type: 'dwell', cell: 'A1', ms: 5, at: now }], { cookie });
    now = t0 + 88 * 60_000 + 1;
    await send([{ type: 'landing', cell: 'A1', at: now }], { cookie });
    // Another visitor at the same time has visits of their own.
    await send([{ type: 'landing', cell: 'A1', at: now }], { cookie: 'sessionId=visitor-2' });
    const visits = (await rows()).map((row) => row.visit_id as string);
    expect(visits[0]).toBe(visits[1]);
    expect(visits[1]).toBe(visits[2]);
    expect(visits[3]).not.toBe(visits[2]);
    expect(visits[4]).not.toBe(visits[3]);
    expect(new Set(visits).size).toBe(3);
  });

  it('drops bots: answered 202 with nothing stored and no cookie', async () => {
    for (const userAgent of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
      'curl/8.4.0',
    ]) {
      const response = await send([{ type: 'landing', cell: 'A1' }], { userAgent });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ accepted: 0 });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await rows()).toHaveLength(0);
    expect((await send([{ type: 'landing', cell: 'A1' }])).status).toBe(202);
    expect(await rows()).toHaveLength(1);
  });

  it('counts a cookieless site without cookies: an id from the day, address and browser that changes each day, its salts deleted after 48 hours', async () => {
    const saved = await ctx.request(`/api/site/${siteId}`, { method: 'PUT', json: { analytics: { cookieless: true, conversionEvents: ['contact', 'click_phone'] } } });
    expect(saved.status).toBe(200);
    const salts = async () => (await sqlAll(ctx.db, 'SELECT day FROM analytics_salts ORDER BY day')).map((row) => (row as { day: string }).day);
    const landing = [{ type: 'landing', cell: 'A1' }];
    const day1 = await send(landing, { ip: '192.0.2.1', cookie: 'sessionId=known-visitor' });
    expect(day1.status).toBe(202);
    // No cookie set, and the one the browser has is not read.
    expect(day1.headers.getSetCookie()).toEqual([]);
    await send(landing, { ip: '192.0.2.1' });
    await send(landing, { ip: '192.0.2.2' });
    await send(landing, { ip: '192.0.2.1', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120' });
    now += 24 * 3600_000;
    await send(landing, { ip: '192.0.2.1' });
    const ids = (await rows()).map((row) => row.session_id as string);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(ids[0]).not.toBe('known-visitor');
    // Same browser and address on the same day: one visitor; another address or browser: another.
    expect(ids[1]).toBe(ids[0]);
    expect(new Set(ids.slice(0, 4)).size).toBe(3);
    // The next day the same browser is a new visitor: its id cannot be linked to yesterday's.
    expect(ids[4]).not.toBe(ids[0]);
    expect(await salts()).toEqual(['2026-11-24', '2026-11-25']);
    // The job: a salt stays until 48 hours after its day began, not a millisecond less…
    expect(await deleteExpiredSalts(ctx.db, Date.parse('2026-11-26T00:00:00Z') - 1)).toBe(0);
    expect(await deleteExpiredSalts(ctx.db, Date.parse('2026-11-26T00:00:00Z'))).toBe(1);
    expect(await salts()).toEqual(['2026-11-25']);
    // …and the first cookieless event of a new day deletes the expired ones too.
    now = Date.parse('2026-11-28T09:00:00Z');
    await send(landing, { ip: '192.0.2.1' });
    expect(await salts()).toEqual(['2026-11-28']);
    // Nothing of the address or the browser is stored.
    const stored = JSON.stringify(await sqlAll(ctx.db, 'SELECT * FROM visitor_events'));
    expect(stored).not.toMatch(/192\.0\.2|Windows|iPhone/);
  });

  it('writes several requests arriving together in one transaction (group commit)', async () => {
    // The site's origin looked up once, so the five requests reach the app together.
    const host = new URL(await ctx.originOf(siteId)).host;
    const before = ctx.events.stats.transactions;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(
          [
            { type: 'dwell', cell: 'A1', ms: 1 },
            { type: 'click_popup_cta', cell: 'A1', pageId: 'p1', targetId: 'pop1' },
          ],
          { host },
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(5).fill(202));
    expect(ctx.events.stats.transactions - before).toBe(1);
    expect(await rows()).toHaveLength(10);
  });

  it('stores the server time for a missing or implausible client time', async () => {
    await send([
      { type: 'dwell', cell: 'A1', ms: 1, at: 1 },
      { type: 'dwell', cell: 'A1', ms: 2 },
    ]);
    for (const row of await rows()) expect(row.occurred_at).toBe(now);
  });

  it('refuses a bad batch whole with 400: unknown type, bad field, unknown site, empty, not JSON', async () => {
    const bad: [unknown[], RegExp, string?][] = [
      [[{ type: 'hover', cell: 'A1' }], /^events\.0\.type/],
      [[{ type: 'dwell', cell: 'a1', ms: 1 }], /^events\.0\.cell/],
      [[{ type: 'slide_page', cell: 'A1', to: 'A2', direction: 'sideways' }], /^events\.0\.direction/],
      [[{ type: 'dwell', cell: 'A1', ms: 1 }], /unknown site not-published/, 'not-published'],
      [[], /^events/],
    ];
    for (const [events, message, site] of bad) {
      const response = await send(events, { site });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const notJson = await ctx.visit('/api/end-user/events', { site: siteId, method: 'POST', body: '{', ip: '192.0.2.80' });
    expect(notJson.status).toBe(400);
    await ctx.events.flush();
    expect(await rows()).toHaveLength(0);
  });

  it('answers 429 with the spec-style message once a client sends too many batches', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await send([{ type: 'dwell', cell: 'A1', ms: 1 }], { ip: '192.0.2.99' })).status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(120);
    const refused = await ctx.visit('/api/end-user/events', { site: siteId, method: 'POST', body: '{}', ip: '192.0.2.99', headers: { 'accept-language': 'ja,en;q=0.8' } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。', code: 'too_many_requests', key: 'tooManyRequests', values: {}, issues: [] });
    // Another client is not held back, whatever X-Forwarded-For claims.
    const body = JSON.stringify({ siteId, events: [{ type: 'dwell', cell: 'A1', ms: 1 }] });
    expect((await ctx.visit('/api/end-user/events', { site: siteId, method: 'POST', body, ip: '192.0.2.100', headers: { 'x-forwarded-for': '192.0.2.99' } })).status).toBe(202);
    expect((await ctx.visit('/api/end-user/events', { site: siteId, method: 'POST', body, ip: '192.0.2.99', headers: { 'x-forwarded-for': '203.0.113.1' } })).status).toBe(429);
  });

  it('answers 503 with a message key, and keeps nothing, when the queue is full', async () => {
    await ctx.cleanup();
    ctx = await createTestContext({ eventQueue: { maxQueued: 5 } });
    siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
    await ctx.publish(siteId);
    const response = await send(Array.from({ length: 6 }, () => ({ type: 'dwell', cell: 'A1', ms: 1 })));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'unavailable', key: 'eventsNotStored' });
    // Refused means not stored, and no session is handed out for it.
    expect(sessionOf(response)).toBeUndefined();
    expect(await rows()).toHaveLength(0);
    expect((await send([{ type: 'dwell', cell: 'A1', ms: 1 }])).status).toBe(202);
    expect(await rows()).toHaveLength(1);
  });

  it('refuses a body over 64 KiB before reading it', async () => {
    const response = await ctx.visit('/api/end-user/events', { site: siteId, method: 'POST', body: 'x'.repeat(70 * 1024), ip: '192.0.2.81' });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe('The request body is too large.');
  });
});
