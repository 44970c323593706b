import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadKey } from '../../publisher/media.ts';
import { media, storageLeases } from '../db/schema.ts';
import { createTestContext, pngBytes, type TestContext } from '../test-support.ts';
import { createStorageLease } from './storage-lease.ts';

let ctx: TestContext;
afterEach(async () => ctx?.cleanup());

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('the storage lease', () => {
  it('starts a sweep only after the publishes in flight, and holds new publishes until it is over', async () => {
    ctx = await createTestContext();
    const lease = createStorageLease(ctx.db);
    const order: string[] = [];
    const firstPublish = gate();
    const publishing = lease.whilePublishing(async () => {
      order.push('publish 1 starts');
      await firstPublish.opened;
      order.push('publish 1 ends');
    });
    await sleep(20);
    const sweeping = lease.whileSweeping(async () => {
      order.push('sweep starts');
      await sleep(120);
      order.push('sweep ends');
    });
    await sleep(120);
    // The sweep waits now: a publish asked for after it must not start before it.
    const later = lease.whilePublishing(async () => {
      order.push('publish 2 starts');
    });
    await sleep(120);
    firstPublish.open();
    await Promise.all([publishing, sweeping, later]);
    expect(order).toEqual(['publish 1 starts', 'publish 1 ends', 'sweep starts', 'sweep ends', 'publish 2 starts']);
  });

  it('runs two sweeps one after the other', async () => {
    ctx = await createTestContext();
    const lease = createStorageLease(ctx.db);
    let running = 0;
    let most = 0;
    const sweep = async () =>
      await lease.whileSweeping(async () => {
        most = Math.max(most, ++running);
        await sleep(60);
        running--;
      });
    await Promise.all([sweep(), sweep(), sweep()]);
    expect(most).toBe(1);
  });

  it('writes an upload’s original again when a sweep that overlapped it deleted the copy it had found stored', async () => {
    ctx = await createTestContext();
    const site = await ctx.createSite();
    const bytes = await pngBytes(40, 40, '#123456');
    // An original no row names: what a sweep deletes.
    const first = await ctx.uploadMedia(site.id, bytes);
    await ctx.db.delete(media).where(eq(media.id, first.id)).run();
    const lease = createStorageLease(ctx.db);
    const rowsRead = gate();
    // The sweep found no row for it, then deletes it after the upload below has found it stored and added its row.
    const sweeping = lease.whileSweeping(async () => {
      await rowsRead.opened;
      await ctx.storage.delete(uploadKey(first.sha256));
    });
    await sleep(20);
    const uploading = ctx.uploadMedia(site.id, bytes);
    while (!(await ctx.db.select().from(media).where(eq(media.sha256, first.sha256)).get())) await sleep(5);
    rowsRead.open();
    await sweeping;
    const second = await uploading;
    expect(second.sha256).toBe(first.sha256);
    expect(await ctx.storage.head(uploadKey(first.sha256))).not.toBeNull();
  });

  it('lets publishes through at once when the sweep holding the lease belonged to a process that was killed', async () => {
    ctx = await createTestContext();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await ctx.db
      .insert(storageLeases)
      .values({ id: 'killed', kind: 'sweep', pid: gone, expiresAt: new Date(Date.now() + 60_000) })
      .run();
    const lease = createStorageLease(ctx.db);
    let ran = false;
    await Promise.race([lease.whilePublishing(async () => (ran = true)), sleep(2000)]);
    expect(ran).toBe(true);
    expect((await ctx.db.select().from(storageLeases).where(eq(storageLeases.id, 'killed')).get())?.releasedAt).toBeInstanceOf(Date);
  });
});
