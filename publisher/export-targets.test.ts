import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, pngBytes, recordingStorage, type TestContext } from '../api/test-support.ts';
import { createStorage } from '../storage/index.ts';
import { dirTarget, EXPORT_RECORD, storageTarget, syncTree } from './export-targets.ts';
import { exportTree, type ExportTree } from './export-tree.ts';
import { readLiveManifest } from './live.ts';
import type { Manifest } from './versions.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

type Site = { id: string; pages: Record<string, string>; imageUrl: string };

/** A 2 × 2 site in Japanese and English, every page with an image and a text in both languages; A2 also under a custom path. */
async function publishedSite(): Promise<Site> {
  const view = await ctx.createSite({ numberHorizontal: 2, numberVertical: 2, languages: ['jp', 'en'] });
  const pages = Object.fromEntries(view.creatives.flatMap((creative) => creative.pages.map((page) => [page.position, page.id])));
  const { url: imageUrl } = await ctx.uploadMedia(view.id, await pngBytes(120, 180, '#336699'), 'cover.png');
  for (const [position, pageId] of Object.entries(pages)) {
    const customPath = position === 'A2' ? { customPath: 'spring-sale' } : {};
    await ctx.writePage(view.id, pageId, 'jp', { detail: { imageUrl, mainText: `${position} 本文` }, ...customPath });
    await ctx.writePage(view.id, pageId, 'en', { detail: { imageUrl, mainText: `Page ${position}` }, ...customPath });
  }
  await ctx.publish(view.id);
  return { id: view.id, pages, imageUrl };
}

async function tree(siteId: string): Promise<ExportTree> {
  const found = await exportTree(ctx.storage, siteId);
  if (!found) throw new Error('the site is not published');
  return found;
}

async function live(siteId: string): Promise<Manifest> {
  return (await readLiveManifest(ctx.storage, siteId))!;
}

/** The tree paths whose bytes differ between two versions of a site, added or removed ones included. */
function changedPaths(before: Manifest, after: Manifest, base: string): string[] {
  const paths = new Set([...Object.keys(before.files), ...Object.keys(after.files)]);
  return [...paths].filter((path) => before.files[path]?.hash !== after.files[path]?.hash).map((path) => base + path);
}

/** Every file under a folder (the export record left out) with its inode: an atomic replacement gives a new one. */
async function inodes(folder: string): Promise<Map<string, bigint>> {
  const found = new Map<string, bigint>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === EXPORT_RECORD) continue;
    const file = join(entry.parentPath, entry.name);
    found.set(file.slice(folder.length + 1), (await stat(file, { bigint: true })).ino);
  }
  return found;
}

describe('exporting into a folder', () => {
  it('writes the whole tree once, then after a one-page edit only the files that edit changed', async () => {
    const site = await publishedSite();
    const folder = join(ctx.dir, 'out');
    const first = await tree(site.id);
    const v1 = await live(site.id);
    // Published for its own origin: the tree is that origin's root, no site folder, no entrance page.
    expect(first.base).toBe('');
    expect(first.entries.filter((entry) => entry.path.startsWith('sites/'))).toEqual([]);
    expect(await syncTree(first, dirTarget(folder))).toEqual({ files: first.entries.length, written: first.entries.length, unchanged: 0, removed: 0 });
    const before = await inodes(folder);
    expect([...before.keys()].sort()).toEqual(first.entries.map((entry) => entry.path).sort());
    expect(await readFile(join(folder, 'B1/index.html'))).toEqual(Buffer.from(await first.entries.find((entry) => entry.path === 'B1/index.html')!.read()));

    await ctx.writePage(site.id, site.pages.B1!, 'en', { detail: { imageUrl: site.imageUrl, mainText: 'Page B1, edited' } });
    await ctx.publish(site.id);
    const changed = changedPaths(v1, await live(site.id), first.base);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(first.entries.length / 4);

    const second = await syncTree(await tree(site.id), dirTarget(folder));
    expect(second).toEqual({ files: first.entries.length, written: changed.length, unchanged: first.entries.length - changed.length, removed: 0 });
    const after = await inodes(folder);
    const replaced = [...after.keys()].filter((path) => after.get(path) !== before.get(path));
    expect(replaced.sort()).toEqual(changed.sort());
    expect(await readFile(join(folder, `_data/en/${site.pages.B1}.json`), 'utf8')).toContain('Page B1, edited');

    expect((await syncTree(await tree(site.id), dirTarget(folder))).written).toBe(0);
  });

  it('writes a file again when it went missing from the folder, though the record lists it', async () => {
    const site = await publishedSite();
    const folder = join(ctx.dir, 'out');
    await syncTree(await tree(site.id), dirTarget(folder));
    const page = join(folder, 'en/B2/index.html');
    await rm(page);
    expect((await syncTree(await tree(site.id), dirTarget(folder))).written).toBe(1);
    expect((await stat(page)).isFile()).toBe(true);
  });

  it('removes the files a later version no longer has, with their folders, and nothing it did not write', async () => {
    const site = await publishedSite();
    const folder = join(ctx.dir, 'out');
    const before = await tree(site.id);
    await syncTree(before, dirTarget(folder));
    const own = join(folder, 'notes.txt');
    await writeFile(own, 'mine');
    for (const lang of ['jp', 'en']) await ctx.writePage(site.id, site.pages.A2!, lang, { detail: { imageUrl: site.imageUrl, mainText: 'A2 without its path' } });
    await ctx.publish(site.id);
    expect(Object.keys((await live(site.id)).files)).not.toContain('spring-sale/index.html');

    const after = await tree(site.id);
    const result = await syncTree(after, dirTarget(folder));
    // The custom path's page in each language, and each language's grid manifest (the grid names custom paths).
    const gone = before.entries.map((entry) => entry.path).filter((path) => !after.entries.some((entry) => entry.path === path));
    expect(gone.filter((path) => path.includes('spring-sale'))).toHaveLength(2);
    expect(result.removed).toBe(gone.length);
    const left = [...(await inodes(folder)).keys()];
    expect(left.filter((path) => path.includes('spring-sale'))).toEqual([]);
    await expect(stat(join(folder, 'spring-sale'))).rejects.toThrow();
    expect(await readFile(own, 'utf8')).toBe('mine');
  });

  it("refuses a folder that holds another site's export", async () => {
    const one = await publishedSite();
    const other = await publishedSite();
    const folder = join(ctx.dir, 'out');
    await syncTree(await tree(one.id), dirTarget(folder));
    await expect(syncTree(await tree(other.id), dirTarget(folder))).rejects.toThrow(one.id);
  });
});

describe('exporting into a bucket', () => {
  it('puts every file at its plain path once, then only the files a one-page edit changed, and the record', async () => {
    const site = await publishedSite();
    const { storage: bucket, writes } = recordingStorage(createStorage({ driver: 'fs', root: join(ctx.dir, 'bucket'), publicBaseUrl: '/' }));
    const first = await tree(site.id);
    const v1 = await live(site.id);
    await syncTree(first, storageTarget(bucket));
    expect(writes.puts.sort()).toEqual([...first.entries.map((entry) => entry.path), EXPORT_RECORD].sort());
    const b1 = first.entries.find((entry) => entry.path === 'B1/index.html')!;
    expect((await bucket.get(b1.path))?.contentType).toBe('text/html; charset=utf-8');
    const image = first.entries.find((entry) => entry.path.startsWith('media/'))!;
    expect((await bucket.head(image.path))?.cacheControl).toBe('public, max-age=31536000, immutable');

    await ctx.writePage(site.id, site.pages.B1!, 'jp', { detail: { imageUrl: site.imageUrl, mainText: 'B1 を編集' } });
    await ctx.publish(site.id);
    const changed = changedPaths(v1, await live(site.id), first.base);
    writes.reset();
    const second = await syncTree(await tree(site.id), storageTarget(bucket));
    expect(second.written).toBe(changed.length);
    expect(writes.puts.sort()).toEqual([...changed, EXPORT_RECORD].sort());
    expect(writes.deletes).toEqual([]);
  });
});
