import { afterEach, describe, expect, it } from 'vitest';
import { publishVersion } from '../../publisher/publish.ts';
import { liveKey } from '../../publisher/versions.ts';
import type { Storage } from '../../storage/storage.ts';
import { loadSiteDraft } from '../sites/load-site-draft.ts';
import { createTestContext, SITE_ORIGIN, testRenderer, type TestContext } from '../test-support.ts';
import { publishAndSweep } from './publish-and-sweep.ts';
import { createStorageLease } from './storage-lease.ts';

let ctx: TestContext;
afterEach(async () => ctx?.cleanup());

/** The test's storage with every read (get or head) of one key counted. */
function countingReads(inner: Storage, key: string): { storage: Storage; reads: () => number } {
  let reads = 0;
  const count = (read: string) => {
    if (read === key) reads++;
  };
  const storage: Storage = {
    ...inner,
    get(read) {
      count(read);
      return inner.get(read);
    },
    head(read) {
      count(read);
      return inner.head(read);
    },
    list: (prefix) => inner.list(prefix),
  };
  return { storage, reads: () => reads };
}

/** A published 2 × 1 site, edited since, so the next publish makes a version and sweeps. */
async function editedSite(): Promise<string> {
  const view = await ctx.createSite({ numberHorizontal: 2, numberVertical: 1, languages: ['jp'] });
  const pageId = view.creatives[0]!.pages[0]!.id;
  await ctx.writePage(view.id, pageId, 'jp', { detail: { mainText: 'first' } });
  await ctx.publish(view.id);
  await ctx.writePage(view.id, pageId, 'jp', { detail: { mainText: 'second' } });
  return view.id;
}

describe('what a publish reads of the live pointer', () => {
  it('reads it once to publish, and hands the version it replaced and the one it made live on', async () => {
    ctx = await createTestContext();
    const siteId = await editedSite();
    const { storage, reads } = countingReads(ctx.storage, liveKey(siteId));
    const { result, previous, published } = await publishVersion(await loadSiteDraft(ctx.db, siteId), { storage, renderer: await testRenderer(), siteOrigin: SITE_ORIGIN });
    expect(result).toMatchObject({ changed: true, version: 2 });
    expect([previous?.version, published?.version]).toEqual([1, 2]);
    expect(reads()).toBe(1);
  });

  it('reads it twice in a publish with its sweep: once to publish, once inside the sweep’s lease, where a rollback may have moved it', async () => {
    ctx = await createTestContext();
    const siteId = await editedSite();
    const { storage, reads } = countingReads(ctx.storage, liveKey(siteId));
    const { result, swept } = await publishAndSweep(await loadSiteDraft(ctx.db, siteId), { storage, renderer: await testRenderer(), siteOrigin: SITE_ORIGIN, lease: createStorageLease(ctx.db) });
    expect(result).toMatchObject({ changed: true, version: 2 });
    expect(swept).not.toBeNull();
    expect(reads()).toBe(2);
  });
});
