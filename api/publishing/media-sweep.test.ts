import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hlsMasterKey } from '../../publisher/hls.ts';
import { makeTestVideo } from '../../publisher/test-video.ts';
import { forgetAllLive } from '../../publisher/live.ts';
import { addReferences, emptyReferences } from '../../publisher/reachable.ts';
import { readLivePointer, readManifest } from '../../publisher/live.ts';
import { sweepAfterPublish, sweepStorage, type SweepReport } from '../../publisher/sweep.ts';
import type { PublishProgress } from '../../publisher/publish.ts';
import { createFsStorage } from '../../storage/fs-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { media } from '../db/schema.ts';
import { createTestContext, pngBytes, SITE_ORIGIN, testRenderer, type TestContext } from '../test-support.ts';
import { createPublishJobs } from './publish-jobs.ts';
import { createStorageLease } from './storage-lease.ts';

let ctx: TestContext;
afterEach(async () => ctx?.cleanup());

/** A 2 × 1 site in Japanese only, its pages by position. */
async function twoPageSite(name = 'Sweep') {
  const view = await ctx.createSite({ name, numberHorizontal: 2, numberVertical: 1, languages: ['jp'] });
  const pages = Object.fromEntries(view.creatives.flatMap((creative) => creative.pages.map((page) => [page.position, page.id])));
  return { id: view.id, pages };
}

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of ctx.storage.list(prefix)) keys.push(info.key);
  return keys;
}

const derivative = (sha256: string) => `/media/${sha256}/400.webp`;
const uploadsInUse = async () => new Set((await ctx.db.select({ sha256: media.sha256 }).from(media).all()).map((row) => row.sha256));

/** A storage handle of its own on the test's folder, every call noted: nothing is remembered for it yet, as on a node just started. */
function notedStorage(root: string): { storage: Storage; calls: string[] } {
  const inner = createFsStorage({ root, publicBaseUrl: '/' });
  const calls: string[] = [];
  const note = <T>(call: string, then: () => T): T => {
    calls.push(call);
    return then();
  };
  const storage: Storage = {
    put: (key, body, opts) => note(`put ${key}`, () => inner.put(key, body, opts)),
    get: (key) => note(`get ${key}`, () => inner.get(key)),
    head: (key) => note(`head ${key}`, () => inner.head(key)),
    list: (prefix) => note(`list ${prefix}`, () => inner.list(prefix)),
    delete: (key) => note(`delete ${key}`, () => inner.delete(key)),
    deleteMany: (keys) => note(`delete ${keys.join(' ')}`, () => inner.deleteMany(keys)),
    publicUrl: (key) => inner.publicUrl(key),
  };
  return { storage, calls };
}

describe('the media sweep', () => {
  it('takes a page’s public derivatives offline at the publish that locks it for members, leaving the other pages’ media served', async () => {
    ctx = await createTestContext();
    const site = await twoPageSite();
    const locked = await ctx.uploadMedia(site.id, await pngBytes(500, 300, '#aa3344'), 'locked.png');
    const open = await ctx.uploadMedia(site.id, await pngBytes(500, 300, '#3344aa'), 'open.png');
    await ctx.writePage(site.id, site.pages.A1!, 'jp', { detail: { imageUrl: locked.url } });
    await ctx.writePage(site.id, site.pages.B1!, 'jp', { detail: { imageUrl: open.url } });
    await ctx.publish(site.id);
    expect((await ctx.visit(derivative(locked.sha256))).status).toBe(200);

    await ctx.writePage(site.id, site.pages.A1!, 'jp', { membersOnlyLock: true, detail: { imageUrl: locked.url } });
    await ctx.publish(site.id);
    expect((await ctx.visit(derivative(locked.sha256))).status).toBe(404);
    expect(await keysUnder(`media/${locked.sha256}/`)).toEqual([]);
    // Members still get it, from the private derivatives the API signs.
    expect((await keysUnder(`private/media/${locked.sha256}/`)).length).toBeGreaterThan(0);
    expect((await ctx.visit(derivative(open.sha256))).status).toBe(200);
    const manifest = await readManifest(ctx.storage, site.id, 2);
    expect(manifest?.media?.public).toContain(`media/${open.sha256}/400.webp`);
    // A manifest is no private file: it names no members-only medium, which the version reaches through its private page data.
    expect(manifest?.media?.private).toBeUndefined();
    expect(JSON.stringify(manifest)).not.toContain(locked.sha256);
    expect((await addReferences(ctx.storage, manifest!, emptyReferences())).privateMedia).toEqual(new Set([`private/media/${locked.sha256}/`]));

    // The version before the lock showed those images publicly: rolling back to it is refused, not a way to publish them again.
    const refused = await ctx.request(`/api/site/${site.id}/versions/1/rollback`, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ key: 'versionMediaRemoved' });
    expect((await readLivePointer(ctx.storage, site.id))?.version).toBe(2);
  });

  it('keeps a locked page’s derivatives online while another site shows the same image publicly', async () => {
    ctx = await createTestContext();
    const bytes = await pngBytes(500, 300, '#22aa55');
    const first = await twoPageSite('First');
    const second = await twoPageSite('Second');
    const a = await ctx.uploadMedia(first.id, bytes);
    const b = await ctx.uploadMedia(second.id, bytes);
    await ctx.writePage(first.id, first.pages.A1!, 'jp', { detail: { imageUrl: a.url } });
    await ctx.writePage(second.id, second.pages.A1!, 'jp', { detail: { imageUrl: b.url } });
    await ctx.publish(first.id);
    await ctx.publish(second.id);
    await ctx.writePage(first.id, first.pages.A1!, 'jp', { membersOnlyLock: true, detail: { imageUrl: a.url } });
    await ctx.publish(first.id);
    expect((await ctx.visit(derivative(a.sha256))).status).toBe(200);
  });

  it('keeps media two sites share when one is deleted, and removes them with their original when both are', async () => {
    ctx = await createTestContext();
    const bytes = await pngBytes(500, 300, '#5522aa');
    const first = await twoPageSite('First');
    const second = await twoPageSite('Second');
    const a = await ctx.uploadMedia(first.id, bytes);
    const b = await ctx.uploadMedia(second.id, bytes);
    expect(a.sha256).toBe(b.sha256);
    await ctx.writePage(first.id, first.pages.A1!, 'jp', { detail: { imageUrl: a.url } });
    await ctx.writePage(second.id, second.pages.B1!, 'jp', { detail: { imageUrl: b.url } });
    await ctx.publish(first.id);
    await ctx.publish(second.id);

    expect((await ctx.request(`/api/site/${first.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await keysUnder(`sites/${first.id}/`)).toEqual([]);
    expect((await ctx.visit(derivative(a.sha256))).status).toBe(200);
    expect(await keysUnder(`uploads/${a.sha256}`)).toHaveLength(1);

    expect((await ctx.request(`/api/site/${second.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await ctx.visit(derivative(a.sha256))).status).toBe(404);
    expect(await keysUnder(`media/${a.sha256}/`)).toEqual([]);
    expect(await keysUnder(`uploads/${a.sha256}`)).toEqual([]);
    expect(await keysUnder('objects/')).toEqual([]);
    // Nothing of either site is left in the reference index.
    expect(await keysUnder('refs/')).toEqual(['refs/index.json']);
  });

  it('never removes what a publish in flight is about to reference: a sweep started after its images waits for its version', async () => {
    ctx = await createTestContext();
    const site = await twoPageSite();
    const upload = await ctx.uploadMedia(site.id, await pngBytes(500, 300, '#aa8822'));
    await ctx.writePage(site.id, site.pages.A1!, 'jp', { detail: { imageUrl: upload.url } });
    const lease = createStorageLease(ctx.db);
    let sweep: Promise<{ report: SweepReport; liveWhenSwept: number | null }> | undefined;
    const onProgress = async (_siteId: string, progress: PublishProgress) => {
      // The derivatives exist now and no manifest names them yet: the moment a careless sweep deletes them.
      if (progress.step !== 'pages' || sweep) return;
      sweep = lease.whileSweeping(async () => ({
        liveWhenSwept: (await readLivePointer(ctx.storage, site.id))?.version ?? null,
        report: await sweepStorage(ctx.storage, { olderThan: new Date(Date.now() + 60_000), uploadsInUse }),
      }));
    };
    const jobs = await createPublishJobs({ db: ctx.db, storage: ctx.storage, renderer: testRenderer, siteOrigin: SITE_ORIGIN, onProgress });
    await jobs.finished(await jobs.start(site.id));
    expect(sweep).toBeDefined();
    const { report, liveWhenSwept } = await sweep!;
    expect((await ctx.visit(derivative(upload.sha256))).status).toBe(200);
    expect(await keysUnder(`uploads/${upload.sha256}`)).toHaveLength(1);
    expect(report.keysRemoved).toBe(0);
    // It ran once the version naming them was live.
    expect(liveWhenSwept).toBe(1);
  });

  it('prunes versions beyond retention with the media only they used, and rolls back within retention', async () => {
    ctx = await createTestContext();
    const site = await twoPageSite();
    const shas: string[] = [];
    for (const colour of ['#111111', '#222222', '#333333']) {
      const upload = await ctx.uploadMedia(site.id, await pngBytes(500, 300, colour));
      shas.push(upload.sha256);
      await ctx.writePage(site.id, site.pages.A1!, 'jp', { detail: { imageUrl: upload.url } });
      await ctx.publish(site.id);
    }
    const v1Objects = Object.values((await readManifest(ctx.storage, site.id, 1))!.files).map((file) => `objects/${file.hash}`);
    const report = await createStorageLease(ctx.db).whileSweeping(() => sweepAfterPublish(ctx.storage, { siteId: site.id, previous: null, keep: 2 }));
    expect(report.versionsPruned).toBe(1);
    expect(await keysUnder(`sites/${site.id}/manifests/`)).toEqual([`sites/${site.id}/manifests/2.json`, `sites/${site.id}/manifests/3.json`]);
    expect(await keysUnder(`media/${shas[0]}/`)).toEqual([]);
    expect(report.keysRemoved).toBeGreaterThan(0);
    // v1's A1 page was its own; pages v1 shared with later versions stay.
    const remaining = new Set(await keysUnder('objects/'));
    expect(v1Objects.some((key) => !remaining.has(key))).toBe(true);
    for (const file of Object.values((await readManifest(ctx.storage, site.id, 2))!.files)) expect(remaining.has(`objects/${file.hash}`)).toBe(true);

    expect((await ctx.request(`/api/site/${site.id}/versions/2/rollback`, { method: 'POST' })).status).toBe(200);
    expect((await ctx.visit(derivative(shas[1]!))).status).toBe(200);
    const home = await ctx.visit(`/`, { site: site.id });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(shas[1]);
    expect((await ctx.request(`/api/site/${site.id}/versions/1/rollback`, { method: 'POST' })).status).toBe(404);
  });

  it('sweeps what no version reaches and no row names, once older than the grace period', async () => {
    ctx = await createTestContext();
    const site = await twoPageSite();
    const upload = await ctx.uploadMedia(site.id, await pngBytes(500, 300, '#449944'));
    await ctx.writePage(site.id, site.pages.A1!, 'jp', { detail: { imageUrl: upload.url } });
    await ctx.publish(site.id);
    const stray = ['media/feed/400.webp', 'private/media/feed/400.webp', 'objects/feed', 'private/objects/feed', `uploads/${'e'.repeat(64)}`];
    for (const key of stray) await ctx.storage.put(key, 'stray');
    const before = new Set([...(await keysUnder('media/')), ...(await keysUnder('objects/')), ...(await keysUnder('uploads/'))]);

    const lease = createStorageLease(ctx.db);
    const young = await lease.whileSweeping(() => sweepStorage(ctx.storage, { olderThan: new Date(Date.now() - 60_000), uploadsInUse }));
    expect(young.keysRemoved).toBe(0);
    const swept = await lease.whileSweeping(() => sweepStorage(ctx.storage, { olderThan: new Date(Date.now() + 1000), uploadsInUse }));
    expect(swept).toMatchObject({ keysRemoved: stray.length, bytesFreed: stray.length * 'stray'.length });
    for (const key of stray) expect(await ctx.storage.head(key)).toBeNull();
    const after = new Set([...(await keysUnder('media/')), ...(await keysUnder('objects/')), ...(await keysUnder('uploads/'))]);
    expect([...before].filter((key) => !after.has(key)).sort()).toEqual(stray.filter((key) => !key.startsWith('private/')).sort());
    expect((await ctx.visit(derivative(upload.sha256))).status).toBe(200);
  });

  it('reads the media of a version published before manifests listed them from its pages, and lists them at the next publish', async () => {
    ctx = await createTestContext();
    const site = await twoPageSite();
    const upload = await ctx.uploadMedia(site.id, await pngBytes(500, 300, '#884422'));
    await ctx.writePage(site.id, site.pages.A1!, 'jp', { detail: { imageUrl: upload.url } });
    await ctx.publish(site.id);
    const { media: _listed, ...legacy } = (await readManifest(ctx.storage, site.id, 1))!;
    await ctx.storage.put(`sites/${site.id}/manifests/1.json`, JSON.stringify(legacy));
    // Version 1 was published by a server from before the list, not by this process: it has not seen the manifest as it wrote it.
    forgetAllLive(ctx.storage);

    await createStorageLease(ctx.db).whileSweeping(() => sweepStorage(ctx.storage, { olderThan: new Date(Date.now() + 1000), uploadsInUse }));
    expect((await ctx.visit(derivative(upload.sha256))).status).toBe(200);
    const republished = await ctx.publish(site.id);
    expect(republished).toMatchObject({ version: 2, changed: true });
    expect((await readManifest(ctx.storage, site.id, 2))?.media?.public).toContain(`media/${upload.sha256}/400.webp`);
  });

  it('sweeps after a publish without listing or reading another site’s manifests, however many there are', async () => {
    ctx = await createTestContext();
    const others = [await twoPageSite('First other'), await twoPageSite('Second other')];
    for (const other of others) await ctx.publish(other.id);
    const site = await twoPageSite();
    for (const text of ['one', 'two', 'three']) {
      await ctx.writePage(site.id, site.pages.A1!, 'jp', { detail: { mainText: text } });
      await ctx.publish(site.id);
    }
    const { storage, calls } = notedStorage(path.join(ctx.dir, 'storage'));
    const report = await createStorageLease(ctx.db).whileSweeping(() => sweepAfterPublish(storage, { siteId: site.id, previous: null, keep: 1 }));
    expect(report.versionsPruned).toBe(2);
    expect(report.keysRemoved).toBeGreaterThan(0);
    const aboutOthers = calls.filter((call) => call.includes('sites/') && !call.includes(`sites/${site.id}/`));
    expect(aboutOthers).toEqual([]);
    for (const other of others) expect((await ctx.visit('/B1', { site: other.id })).status).toBe(200);
  });

  it('builds the reference index from every stored manifest on a storage written before it, and keeps a medium another site still shows', async () => {
    ctx = await createTestContext();
    const bytes = await pngBytes(500, 300, '#2255aa');
    const first = await twoPageSite('First');
    const second = await twoPageSite('Second');
    const shared = await ctx.uploadMedia(first.id, bytes);
    const again = await ctx.uploadMedia(second.id, bytes);
    await ctx.writePage(first.id, first.pages.A1!, 'jp', { detail: { imageUrl: shared.url } });
    await ctx.writePage(second.id, second.pages.A1!, 'jp', { detail: { imageUrl: again.url } });
    await ctx.publish(first.id);
    await ctx.publish(second.id);
    await ctx.writePage(second.id, second.pages.A1!, 'jp', { detail: { mainText: 'no picture' } });
    await ctx.publish(second.id);
    // As a storage from before the index: none of its entries, and a process that has built none.
    await ctx.storage.deleteMany(await keysUnder('refs/'));
    const { storage } = notedStorage(path.join(ctx.dir, 'storage'));

    // The second site's first version goes, and with it the second site's only use of the shared picture.
    await createStorageLease(ctx.db).whileSweeping(() => sweepAfterPublish(storage, { siteId: second.id, previous: null, keep: 1 }));
    expect(await keysUnder(`refs/media/${shared.sha256}/`)).toEqual([`refs/media/${shared.sha256}/${first.id}`]);
    expect(await keysUnder('refs/index.json')).toEqual(['refs/index.json']);
    expect((await ctx.visit(derivative(shared.sha256))).status).toBe(200);
  });

  it('makes the reference index again in the full sweep: an entry no version accounts for goes, a missing one comes back', async () => {
    ctx = await createTestContext();
    const site = await twoPageSite();
    const upload = await ctx.uploadMedia(site.id, await pngBytes(500, 300, '#aa2255'));
    await ctx.writePage(site.id, site.pages.A1!, 'jp', { detail: { imageUrl: upload.url } });
    await ctx.publish(site.id);
    const entry = `refs/media/${upload.sha256}/${site.id}`;
    expect(await keysUnder(entry)).toEqual([entry]);
    // A publish killed between its entries and its manifest, and a sweep killed between an entry and its key.
    const stray = `refs/objects/${'f'.repeat(64)}/${site.id}`;
    await ctx.storage.put(stray, '');
    await ctx.storage.delete(entry);

    await createStorageLease(ctx.db).whileSweeping(() => sweepStorage(ctx.storage, { olderThan: new Date(Date.now() - 60_000), uploadsInUse }));
    expect(await keysUnder(stray)).toEqual([]);
    expect(await keysUnder(entry)).toEqual([entry]);
  });

  it('keeps every file of a kept video’s HLS tree, though the manifest lists only its playlist, poster and thumbnail', async () => {
    ctx = await createTestContext();
    const site = await twoPageSite();
    const upload = await ctx.uploadMedia(site.id, await makeTestVideo(ctx.dir, { width: 320, height: 240, seconds: 2, kbps: 300 }), 'clip.mp4');
    await ctx.writePage(site.id, site.pages.A1!, 'jp', { detail: { imageUrl: upload.url } });
    await ctx.publish(site.id);
    expect((await readManifest(ctx.storage, site.id, 1))?.media?.public).toContain(hlsMasterKey(upload.sha256));
    const tree = await keysUnder(`media/${upload.sha256}/`);
    expect(tree.filter((key) => key.endsWith('.m4s')).length).toBeGreaterThan(0);

    await createStorageLease(ctx.db).whileSweeping(() => sweepStorage(ctx.storage, { olderThan: new Date(Date.now() + 1000), uploadsInUse }));
    expect(await keysUnder(`media/${upload.sha256}/`)).toEqual(tree);
    const segment = tree.find((key) => key.endsWith('.m4s'))!;
    expect((await ctx.visit(`/${segment}`)).status).toBe(200);
  });
});
