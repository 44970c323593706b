import { sqlAll, sqlGet, sqlRun } from '../db/test-sql.ts';
import { request as httpRequest, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../app.ts';
import { listen } from '../server.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { createEventQueue, type EventQueue } from './event-queue.ts';

/**
 * The events call's lean path in front of Hono must answer exactly as the Hono route does. Two
 * real servers on the same database: one with the lean path (`front`), one without; each request
 * of a corpus goes to both, and status, headers and body must match. The front also counts what
 * it handed to Hono, so a test can tell which path answered.
 */
let ctx: TestContext;
let siteId: string;
let otherSiteId: string;
let siteHost: string;
const servers: Server[] = [];
let lean = { port: 0, handed: 0 };
let plain = { port: 0 };
const NOW = Date.parse('2026-11-24T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => new Date(NOW) });
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
  otherSiteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
  await ctx.publish(siteId);
  await ctx.publish(otherSiteId);
  siteHost = new URL(await ctx.originOf(siteId)).host;
  const pair = await serverPair(ctx.events);
  lean = pair.lean;
  plain = pair.plain;
});

/** A server with the lean path in front (counting what it hands to Hono) and one without, on the test's database. */
async function serverPair(events: EventQueue) {
  const deps = () => ({ db: ctx.db, storage: ctx.storage, mailer: ctx.mailer, events, siteOrigin: 'http://localhost:3001', domainCacheMs: 0, clock: () => new Date(NOW) });
  const withFront = await createSiteServer(deps());
  const counted = { port: 0, handed: 0 };
  const a = await listen(withFront.app, 0, '127.0.0.1', {
    front: (fallback) =>
      withFront.front((request, response) => {
        counted.handed++;
        fallback(request, response);
      }),
  });
  counted.port = a.port;
  const b = await listen((await createSiteServer(deps())).app, 0, '127.0.0.1');
  servers.push(a.server as Server, b.server as Server);
  return { lean: counted, plain: { port: b.port } };
}

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await ctx.cleanup();
});

type Call = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean };
type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function call(port: number, init: Call): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const headers: Record<string, string> = { host: siteHost, 'user-agent': 'Mozilla/5.0 (iPhone) Mobile', ...init.headers };
    if (body && !init.chunked && headers['content-length'] === undefined) headers['content-length'] = String(body.byteLength);
    const request = httpRequest({ host: '127.0.0.1', port, method: init.method ?? 'POST', path: init.path ?? '/api/end-user/events', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    if (body && init.chunked) {
      request.write(body.subarray(0, 5));
      request.write(body.subarray(5));
    } else if (body) request.write(body);
    request.end();
  });
}

/** What must be equal between the two servers: a new session id differs, its cookie's shape must not. */
function comparable(reply: Reply) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = reply.headers;
  const setCookie = headers['set-cookie'];
  return { status: reply.status, headers: { ...headers, ...(setCookie ? { 'set-cookie': String(setCookie).replace(/sessionId=[^;]+/, 'sessionId=*') } : {}) }, body: reply.body };
}

/** Sends the same call to both servers and expects the same answer; says whether the lean path answered it. */
async function both(init: Call, pair = { lean, plain }): Promise<{ reply: Reply; leanAnswered: boolean }> {
  const handedBefore = pair.lean.handed;
  const fromLean = await call(pair.lean.port, init);
  const leanAnswered = pair.lean.handed === handedBefore;
  const fromPlain = await call(pair.plain.port, init);
  expect(comparable(fromLean)).toEqual(comparable(fromPlain));
  return { reply: fromLean, leanAnswered };
}

const batch = (events: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ siteId, lang: 'en', events, ...extra });
const landing = { type: 'landing', cell: 'A1', pageId: 'p1', referrerHost: 'www.example.com', utmSource: 'bench' };
const rowsOf = async (sessionId: string) =>
  await sqlAll(
    ctx.db,
    'SELECT site_id, kind, cell, to_cell, page_id, direction, value, tap_x, tap_y, target_id, sns_type, referrer_host, utm_source, variation_id, lang, device, occurred_at, received_at FROM visitor_events WHERE session_id = ? ORDER BY id',
    sessionId,
  );

describe('the events call before Hono', () => {
  it('answers a valid batch itself, and stores the same rows as the Hono route', async () => {
    const events = [
      landing,
      { type: 'slide_page', cell: 'A1', to: 'A2', direction: 'down', pageId: 'p2' },
      { type: 'tap', cell: 'A2', x: 3, y: 4 },
      { type: 'dwell', cell: 'A2', ms: 1200, at: NOW - 1000 },
    ];
    const fromLean = await call(lean.port, { body: batch(events), headers: { cookie: 'sessionId=lean-1; variationId=v-1' } });
    const fromPlain = await call(plain.port, { body: batch(events), headers: { cookie: 'sessionId=plain-1; variationId=v-1' } });
    expect(lean.handed).toBe(0);
    expect(fromLean.status).toBe(202);
    expect(comparable(fromLean)).toEqual(comparable(fromPlain));
    expect(await rowsOf('lean-1')).toHaveLength(4);
    expect(await rowsOf('lean-1')).toEqual(await rowsOf('plain-1'));
  });

  it('sets the same new session cookie when a visitor has none', async () => {
    const { reply, leanAnswered } = await both({ body: batch([landing]) });
    expect(leanAnswered).toBe(true);
    expect(reply.headers['set-cookie']).toEqual([expect.stringMatching(/^sessionId=[0-9a-f-]{36}; Max-Age=315360000; Path=\/; SameSite=Lax$/)]);
  });

  it('hands every call it is not sure of to Hono, whose answer is the same from both servers', async () => {
    const cases: [string, Call, number][] = [
      ['not JSON', { body: '{"siteId":' }, 400],
      ['an array', { body: '[1,2]' }, 400],
      ['an unknown event type', { body: batch([{ type: 'teleport', cell: 'A1' }]) }, 400],
      ['a bad cell, answered in Japanese', { body: batch([{ type: 'tap', cell: 'a1', x: 1, y: 1 }]), headers: { 'accept-language': 'ja' } }, 400],
      ['no events', { body: batch([]) }, 400],
      ['another site than the host’s', { body: JSON.stringify({ siteId: otherSiteId, events: [landing] }) }, 400],
      ['a site that does not exist', { body: JSON.stringify({ siteId: 'nope', events: [landing] }) }, 400],
      ['a host that is no site', { body: batch([landing]), headers: { host: 'nothing.localhost:3001' } }, 400],
      ['a NUL in a string', { body: batch([{ ...landing, utmSource: 'a\u0000b' }]) }, 400],
      ['a body over the cap', { body: 'x'.repeat(70_000) }, 413],
      ['a streamed (chunked) batch', { body: batch([landing]), chunked: true }, 202],
      ['a query string', { body: batch([landing]), path: '/api/end-user/events?x=1' }, 202],
      ['bad UTF-8', { body: Buffer.concat([Buffer.from(batch([landing]).slice(0, -3)), Buffer.from([0xff]), Buffer.from(']}')]) }, 400],
      ['a GET', { method: 'GET' }, 404],
    ];
    for (const [name, init, status] of cases) {
      const { reply, leanAnswered } = await both(init);
      expect([name, reply.status]).toEqual([name, status]);
      expect([name, leanAnswered]).toEqual([name, false]);
    }
  });

  it('reads a body as Hono does: a byte order mark is dropped, and the batch answered here', async () => {
    const { reply, leanAnswered } = await both({ body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(batch([landing]))]) });
    expect(reply.status).toBe(202);
    expect(leanAnswered).toBe(true);
  });

  it('refuses a site’s events from the next call on once the site is off the air', async () => {
    expect((await both({ body: batch([landing]) })).reply.status).toBe(202);
    const live = (await sqlGet<{ version: number }>(ctx.db, 'SELECT live_version AS version FROM sites WHERE id = ?', siteId))!.version;
    await sqlRun(ctx.db, 'UPDATE sites SET live_version = NULL WHERE id = ?', siteId);
    try {
      const { reply } = await both({ body: batch([landing]) });
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ key: 'unknownEventSite' });
    } finally {
      await sqlRun(ctx.db, 'UPDATE sites SET live_version = ? WHERE id = ?', live, siteId);
    }
    expect((await both({ body: batch([landing]) })).reply.status).toBe(202);
  });

  it('answers a bot 202 with nothing stored, as the route does', async () => {
    const { reply, leanAnswered } = await both({ body: batch([landing]), headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)', cookie: 'sessionId=bot-1' } });
    expect(leanAnswered).toBe(true);
    expect(JSON.parse(reply.body)).toEqual({ accepted: 0 });
    expect(await rowsOf('bot-1')).toEqual([]);
  });

  it('answers 503 eventsNotStored as the route does when the queue refuses the batch', async () => {
    const closed = createEventQueue(ctx.db);
    await closed.close();
    const { reply, leanAnswered } = await both({ body: batch([landing]), headers: { 'accept-language': 'ko' } }, await serverPair(closed));
    expect(reply.status).toBe(503);
    expect(leanAnswered).toBe(true);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'unavailable', key: 'eventsNotStored' });
  });

  it('spends the same rate limit: 120 batches a minute from one address, then the route’s own 429', async () => {
    // Each server has buckets of its own; earlier tests spent some of each alike.
    const statuses = async (port: number) => {
      const seen: number[] = [];
      for (let i = 0; i < 130; i++) seen.push((await call(port, { body: batch([landing]), headers: { cookie: 'sessionId=limit-1' } })).status);
      return seen;
    };
    const fromLean = await statuses(lean.port);
    const fromPlain = await statuses(plain.port);
    expect(fromLean).toEqual(fromPlain);
    expect(fromLean.at(-1)).toBe(429);
    expect(fromLean.filter((status) => status === 429).length).toBeGreaterThan(0);
    const refused = await both({ body: batch([landing]) });
    expect(refused.reply.status).toBe(429);
    expect(refused.reply.headers['retry-after']).toBeDefined();
  });
});
