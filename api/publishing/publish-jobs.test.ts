import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, testRenderer, type TestContext } from '../test-support.ts';
import { publishes, sites } from '../db/schema.ts';
import { createPublishJobs } from './publish-jobs.ts';

let ctx: TestContext;
afterEach(async () => ctx?.cleanup());

describe('publish jobs', () => {
  it('marks a publish left running by a stopped server as failed when jobs start again', async () => {
    ctx = await createTestContext();
    const site = await ctx.createSite();
    await ctx.db.insert(publishes).values({ id: 'cut-off', siteId: site.id, status: 'running' }).run();
    await createPublishJobs({ db: ctx.db, storage: ctx.storage, renderer: testRenderer });
    const row = await ctx.db.select().from(publishes).where(eq(publishes.id, 'cut-off')).get();
    expect(row).toMatchObject({ status: 'failed', error: 'Interrupted by a server stop.' });
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });

  it('runs two publishes of one site one after the other, the second seeing the first one live', async () => {
    ctx = await createTestContext();
    const site = await ctx.createSite();
    const first = await ctx.jobs.start(site.id);
    const second = await ctx.jobs.start(site.id);
    await ctx.jobs.finished(second);
    const rows = await Promise.all([first, second].map(async (id) => (await ctx.db.select().from(publishes).where(eq(publishes.id, id)).get())!));
    expect(rows.map((row) => row.status)).toEqual(['done', 'done']);
    expect(rows[0]!.version).toBe(1);
    // Nothing changed in between: the second publish found version 1 live and wrote nothing.
    expect(rows[1]!.version).toBe(1);
    expect(rows[1]!.stats).toMatchObject({ changed: false, written: 0 });
  });

  it('keeps the publication date when a republish changes nothing', async () => {
    ctx = await createTestContext();
    const site = await ctx.createSite();
    const readSite = async () => (await ctx.db.select().from(sites).where(eq(sites.id, site.id)).get())!;
    await ctx.jobs.finished(await ctx.jobs.start(site.id));
    const first = await readSite();
    expect(first.publishedAt).toBeInstanceOf(Date);
    await ctx.jobs.finished(await ctx.jobs.start(site.id));
    expect(await readSite()).toMatchObject({ status: 'published', liveVersion: 1, publishedAt: first.publishedAt });
  });
});
