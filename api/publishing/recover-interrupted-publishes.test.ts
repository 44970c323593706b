import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manifestKey, readLivePointer, readManifest, switchLive } from '../../publisher/versions.ts';
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
function interruptedPublish(): string {
  const id = randomUUID();
  ctx.db.insert(publishes).values({ id, siteId, status: 'running' }).run();
  return id;
}

const publishRow = (id: string) => ctx.db.$client.prepare('SELECT status, version, error FROM publishes WHERE id = ?').get(id);
const liveVersion = () => (ctx.db.$client.prepare('SELECT live_version AS v FROM sites WHERE id = ?').get(siteId) as { v: number | null }).v;

describe('recoverInterruptedPublishes', () => {
  it('marks a publish killed before its live switch failed, and leaves the site on its version', async () => {
    const id = interruptedPublish();
    expect(await recoverInterruptedPublishes(ctx.db, ctx.rawStorage)).toBe(1);
    expect(publishRow(id)).toEqual({ status: 'failed', version: null, error: 'Interrupted by a server stop.' });
    expect(liveVersion()).toBe(1);
  });

  it('records on the site the version a publish made live before it was killed, and marks that publish done', async () => {
    const older = interruptedPublish();
    const id = interruptedPublish();
    // The killed publish got as far as its manifest and the live pointer, not the database.
    const manifest = (await readManifest(ctx.rawStorage, siteId, 1))!;
    await ctx.rawStorage.put(manifestKey(siteId, 2), JSON.stringify({ ...manifest, version: 2 }));
    await switchLive(ctx.rawStorage, siteId, 2, new Date('2026-01-02T03:04:05Z'));
    ctx.db
      .update(publishes)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(publishes.id, older))
      .run();

    expect(await recoverInterruptedPublishes(ctx.db, ctx.rawStorage)).toBe(2);
    expect(liveVersion()).toBe(2);
    expect(ctx.db.$client.prepare('SELECT published_at AS at FROM sites WHERE id = ?').get(siteId)).toEqual({ at: Date.parse('2026-01-02T03:04:05Z') });
    expect(publishRow(id)).toEqual({ status: 'done', version: 2, error: null });
    expect(publishRow(older)).toMatchObject({ status: 'failed' });
    expect((await readLivePointer(ctx.rawStorage, siteId))?.version).toBe(2);
  });

  it('does not stop the start over an unreadable live pointer: the publish is marked failed', async () => {
    const id = interruptedPublish();
    await ctx.rawStorage.put(`sites/${siteId}/live.json`, 'not json');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await recoverInterruptedPublishes(ctx.db, ctx.rawStorage)).toBe(1);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
    expect(publishRow(id)).toMatchObject({ status: 'failed' });
    expect(liveVersion()).toBe(1);
  });
});
