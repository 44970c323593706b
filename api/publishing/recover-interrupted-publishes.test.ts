import { sqlGet } from '../db/test-sql.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLivePointer, readManifest, switchLive } from '../../publisher/live.ts';
import { manifestKey } from '../../publisher/versions.ts';
import { publishes } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { recoverInterruptedPublishes } from './recover-interrupted-publishes.ts';

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

/** A publishes row left "running", as a killed process leaves it. */
async function interruptedPublish(): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(publishes).values({ id, siteId, status: 'running' }).run();
  return id;
}

const publishRow = async (id: string) => await sqlGet(ctx.db, 'SELECT status, version, error FROM publishes WHERE id = ?', id);
const liveVersion = async () => ((await sqlGet(ctx.db, 'SELECT live_version AS v FROM sites WHERE id = ?', siteId)) as { v: number | null }).v;

describe('recoverInterruptedPublishes', () => {
  it('marks a publish killed before its live switch failed, and leaves the site on its version', async () => {
    const id = await interruptedPublish();
    expect(await recoverInterruptedPublishes(ctx.db, ctx.rawStorage)).toBe(1);
    expect(await publishRow(id)).toEqual({ status: 'failed', version: null, error: 'Interrupted by a server stop.' });
    expect(await liveVersion()).toBe(1);
  });

  it('records on the site the version a publish made live before it was killed, and marks that publish done', async () => {
    const older = await interruptedPublish();
    const id = await interruptedPublish();
    // The killed publish got as far as its manifest and the live pointer, not the database.
    const manifest = (await readManifest(ctx.rawStorage, siteId, 1))!;
    await ctx.rawStorage.put(manifestKey(siteId, 2), JSON.stringify({ ...manifest, version: 2 }));
    await switchLive(ctx.rawStorage, siteId, 2, { now: new Date('2026-01-02T03:04:05Z') });
    await ctx.db
      .update(publishes)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(publishes.id, older))
      .run();

    expect(await recoverInterruptedPublishes(ctx.db, ctx.rawStorage)).toBe(2);
    expect(await liveVersion()).toBe(2);
    expect(await sqlGet(ctx.db, 'SELECT published_at AS at FROM sites WHERE id = ?', siteId)).toEqual({ at: Date.parse('2026-01-02T03:04:05Z') });
    expect(await publishRow(id)).toEqual({ status: 'done', version: 2, error: null });
    expect(await publishRow(older)).toMatchObject({ status: 'failed' });
    expect((await readLivePointer(ctx.rawStorage, siteId))?.version).toBe(2);
  });

  it('does not stop the start over an unreadable live pointer: the publish is marked failed', async () => {
    const id = await interruptedPublish();
    await ctx.rawStorage.put(`sites/${siteId}/live.json`, 'not json');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await recoverInterruptedPublishes(ctx.db, ctx.rawStorage)).toBe(1);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
    expect(await publishRow(id)).toMatchObject({ status: 'failed' });
    expect(await liveVersion()).toBe(1);
  });
});
