import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readLiveManifest } from '../../publisher/live.ts';
import { publishes, sites } from '../db/schema.ts';
import { hostSites } from '../host-sites.ts';
import { siteHost } from '../site-host.ts';
import { startTestRedis, type TestRedisServer } from '../redis/test-redis-server.ts';
import { createTestContext, SITE_ORIGIN, testRenderer, type TestContext } from '../test-support.ts';
import { startPublishWorker } from './publish-worker.ts';
import { createRedisPublishJobs } from './redis-publish-queue.ts';
import { createStorageLease } from './storage-lease.ts';

let redis: TestRedisServer;
let ctx: TestContext;
const closing: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => redis?.close());
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  await ctx?.cleanup();
});

function queueAndWorker(queueName?: string, server = redis) {
  const jobs = createRedisPublishJobs({ db: ctx.db, storage: ctx.storage, redisUrl: server.url, ...(queueName ? { queueName } : {}) });
  const running = startPublishWorker({
    db: ctx.db,
    storage: ctx.rawStorage,
    renderer: testRenderer,
    siteOrigin: SITE_ORIGIN,
    lease: createStorageLease(ctx.db),
    redisUrl: server.url,
    lockMs: 5000,
    ...(queueName ? { queueName } : {}),
  });
  closing.push(
    () => jobs.close(),
    () => running.close(),
  );
  const { worker } = running;
  let runs = 0;
  worker.on('completed', (_job, value: { published: boolean }) => {
    if (value.published) runs++;
  });
  return { jobs, worker, runs: () => runs };
}

describe('publishes on Redis', () => {
  it('coalesces a burst of 20 publishes of one site into at most 2 runs, the site ending on the newest draft', async () => {
    ctx = await createTestContext();
    const site = await ctx.createSite();
    const { jobs, worker, runs } = queueAndWorker('coalesce');
    const page = site.creatives[0]!.pages[0]!;
    // The burst comes while the first publish runs: one running, the other 19 fold into one waiting.
    const ids = [await jobs.start(site.id)];
    await once(worker, 'active');
    for (let i = 0; i < 18; i++) ids.push(await jobs.start(site.id));
    await ctx.writePage(site.id, page.id, 'jp', { detail: { mainText: 'the newest draft' } });
    ids.push(await jobs.start(site.id));
    for (const id of ids) await jobs.finished(id);

    expect(runs()).toBeGreaterThanOrEqual(1);
    expect(runs()).toBeLessThanOrEqual(2);
    const rows = await Promise.all(ids.map(async (id) => (await ctx.db.select().from(publishes).where(eq(publishes.id, id)).get())!));
    expect(rows.every((row) => row.status === 'done')).toBe(true);
    const live = await readLiveManifest(ctx.rawStorage, site.id);
    const recorded = (await ctx.db.select().from(sites).where(eq(sites.id, site.id)).get())!;
    expect(recorded.liveVersion).toBe(live!.version);
    expect(rows.at(-1)!.version).toBe(live!.version);
    const bodies = await Promise.all(Object.values(live!.files).map(async (file) => Buffer.from((await ctx.rawStorage.get(`objects/${file.hash}`))!.body).toString('utf8')));
    expect(bodies.some((body) => body.includes('the newest draft'))).toBe(true);
  });

  it('tells a watcher of a publish run by a worker how it ended', async () => {
    ctx = await createTestContext();
    const site = await ctx.createSite();
    const { jobs } = queueAndWorker('watch');
    const id = await jobs.start(site.id);
    const ended = new Promise((resolve) => void jobs.watch(site.id, id, resolve));
    await expect(ended).resolves.toMatchObject({ type: 'done', result: { version: 1, changed: true } });
    expect((await jobs.watch(site.id, id, () => {}))?.past).toMatchObject([{ type: 'done', result: { version: 1 } }]);
    expect(await jobs.watch('another-site', id, () => {})).toBeNull();
  });

  it('serves the version a worker published on the node that watched it end, at once, though that node remembered the one before', async () => {
    ctx = await createTestContext();
    const view = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const pageId = view.creatives[0]!.pages[0]!.id;
    const { jobs } = queueAndWorker('watched');
    const publish = async (text: string) => {
      await ctx.writePage(view.id, pageId, 'jp', { detail: { mainText: text } });
      const id = await jobs.start(view.id);
      return new Promise((resolve) => void jobs.watch(view.id, id, resolve));
    };
    await expect(publish('Before')).resolves.toMatchObject({ type: 'done' });
    // This node's site host, remembering the live pointer for a minute: the worker's switch is made in another process.
    const host = siteHost(ctx.storage, { sites: hostSites(ctx.storage, { siteDomain: 'localhost' }), siteOrigin: () => SITE_ORIGIN, siteDomain: 'localhost', liveCacheMs: 60_000 });
    const origin = await ctx.originOf(view.id);
    expect(await (await host.request(`${origin}/`)).text()).toContain('Before');
    await expect(publish('After')).resolves.toMatchObject({ type: 'done', result: { version: 2 } });
    expect(await (await host.request(`${origin}/`)).text()).toContain('After');
  });

  it('runs a publish asked while Redis is down once it is back, and the next one after, the queue and the worker having reconnected', { timeout: 60_000 }, async () => {
    ctx = await createTestContext();
    const site = await ctx.createSite();
    const restarting = await startTestRedis();
    closing.unshift(() => restarting.close());
    const { jobs } = queueAndWorker('restart', restarting);
    const first = await jobs.start(site.id);
    await jobs.finished(first);

    await restarting.kill();
    const page = site.creatives[0]!.pages[0]!;
    await ctx.writePage(site.id, page.id, 'jp', { detail: { mainText: 'asked while Redis was down' } });
    const duringOutage = await jobs.start(site.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await restarting.start();
    await jobs.finished(duringOutage);
    await ctx.writePage(site.id, page.id, 'jp', { detail: { mainText: 'asked after the restart' } });
    const afterwards = await jobs.start(site.id);
    await jobs.finished(afterwards);

    const rows = await Promise.all([first, duringOutage, afterwards].map(async (id) => (await ctx.db.select().from(publishes).where(eq(publishes.id, id)).get())!));
    expect(rows.map((row) => [row.status, row.version])).toEqual([
      ['done', 1],
      ['done', 2],
      ['done', 3],
    ]);
    const live = await readLiveManifest(ctx.rawStorage, site.id);
    expect(live!.version).toBe(3);
    const bodies = await Promise.all(Object.values(live!.files).map(async (file) => Buffer.from((await ctx.rawStorage.get(`objects/${file.hash}`))!.body).toString('utf8')));
    expect(bodies.some((body) => body.includes('asked after the restart'))).toBe(true);
  });
});
