import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, pngBytes, type TestContext } from '../api/test-support.ts';
import { exportTree } from './export-tree.ts';
import { zipTree } from './export-zip.ts';
import { forgetAllLive, readLiveManifest } from './live.ts';
import { manifestKey, type Manifest } from './versions.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

const SECRET = 'members-only secret 7f3a';

/**
 * A 2 × 2 site in Japanese and English: A1, A2 and B1 public with one image (A2 also under a
 * custom path), B2 members-only with an image and a text of its own that must never leave.
 */
async function publishedSite() {
  const view = await ctx.createSite({ numberHorizontal: 2, numberVertical: 2, languages: ['jp', 'en'] });
  const pages = Object.fromEntries(view.creatives.flatMap((creative) => creative.pages.map((page) => [page.position, page.id])));
  const cover = await ctx.uploadMedia(view.id, await pngBytes(120, 180, '#336699'), 'cover.png');
  const hidden = await ctx.uploadMedia(view.id, await pngBytes(90, 160, '#993366'), 'hidden.png');
  for (const position of ['A1', 'A2', 'B1']) {
    const customPath = position === 'A2' ? { customPath: 'spring-sale' } : {};
    await ctx.writePage(view.id, pages[position]!, 'jp', { detail: { imageUrl: cover.url, mainText: `${position} 本文` }, ...customPath });
  }
  await ctx.writePage(view.id, pages.B2!, 'jp', { membersOnlyLock: true, detail: { imageUrl: hidden.url, mainText: SECRET } });
  await ctx.publish(view.id);
  const manifest = (await readLiveManifest(ctx.storage, view.id))!;
  return { id: view.id, manifest, hiddenSha: hidden.sha256 };
}

/** Every `media/` key storage holds but the sets' markers: the derivatives publishing made. */
async function derivativesInStorage(): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of ctx.storage.list('media/')) if (!info.key.endsWith('/set.json')) keys.push(info.key);
  return keys.sort();
}

async function zipOf(siteId: string): Promise<Buffer> {
  const tree = await exportTree(ctx.storage, siteId);
  if (!tree) throw new Error('the site is not published');
  return buffer(zipTree(tree));
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the exported ZIP', () => {
  it("holds exactly the live version's public files at the root, as the site's origin serves them, the template's assets and the media the pages use", async () => {
    const site = await publishedSite();
    const entries = unzipSync(new Uint8Array(await zipOf(site.id)));
    const manifest: Manifest = site.manifest;
    expect(manifest.address.basePath).toBe('/');
    // The media come from the manifest's own list.
    expect(manifest.media?.public.length).toBeGreaterThan(0);
    const publicMedia = (await derivativesInStorage()).filter((key) => !key.startsWith(`media/${site.hiddenSha}/`));
    // No site folder and no entrance page: the root's index.html and 404.html are the site's own.
    const expected = [...Object.keys(manifest.files), ...manifest.assets, ...publicMedia];
    expect(Object.keys(entries).sort()).toEqual(expected.sort());
    expect(publicMedia.length).toBeGreaterThan(4);
    expect(Object.keys(entries)).toContain('spring-sale/index.html');
    expect(Object.keys(entries)).toContain('en/404.html');
    expect(Object.keys(entries).filter((path) => path.startsWith('sites/'))).toEqual([]);
    for (const [path, file] of Object.entries(manifest.files)) expect(sha256(entries[path]!), path).toBe(file.hash);
    expect(sha256(entries['404.html']!)).toBe(manifest.files['404.html']!.hash);
    expect(sha256(entries['index.html']!)).toBe(manifest.files['index.html']!.hash);
  });

  it("puts a version published for the shared host in its folder, with the root's 404 page and an entrance, and finds its media in its pages", async () => {
    const site = await publishedSite();
    // As a version written before sites had their own origin and manifests listed their media.
    const older: Manifest = { ...site.manifest, address: { prefix: '' }, media: undefined };
    await ctx.storage.put(manifestKey(site.id, older.version), JSON.stringify(older), { contentType: 'application/json' });
    // Written by a server from before, not by this process: it has not seen the manifest as the publish above wrote it.
    forgetAllLive(ctx.storage);
    const entries = unzipSync(new Uint8Array(await zipOf(site.id)));
    const base = `sites/${site.id}/`;
    const publicMedia = (await derivativesInStorage()).filter((key) => !key.startsWith(`media/${site.hiddenSha}/`));
    const expected = [...Object.keys(older.files).map((path) => base + path), ...older.assets, ...publicMedia, '404.html', 'index.html'];
    expect(Object.keys(entries).sort()).toEqual(expected.sort());
    for (const [path, file] of Object.entries(older.files)) expect(sha256(entries[base + path]!), path).toBe(file.hash);
    // The root's 404 page is the site's own; its index leads to the site's folder.
    expect(sha256(entries['404.html']!)).toBe(older.files['404.html']!.hash);
    expect(new TextDecoder().decode(entries['index.html'])).toContain(`url=/${base}`);
  });

  it('never carries a members-only file, its text or its media', async () => {
    const site = await publishedSite();
    const privateHashes = Object.values(site.manifest.private).map((file) => file.hash);
    expect(privateHashes.length).toBeGreaterThan(0);
    const entries = unzipSync(new Uint8Array(await zipOf(site.id)));
    const paths = Object.keys(entries);
    expect(paths.filter((path) => path.startsWith('private/') || path.includes('/private/') || path.includes(site.hiddenSha))).toEqual([]);
    for (const [path, bytes] of Object.entries(entries)) {
      expect(privateHashes, path).not.toContain(sha256(bytes));
      expect(Buffer.from(bytes).includes(SECRET), path).toBe(false);
    }
    // The members-only medium has public-looking derivatives nowhere; only under private/.
    const hiddenKeys: string[] = [];
    for await (const info of ctx.storage.list('private/media/')) hiddenKeys.push(info.key);
    expect(hiddenKeys.some((key) => key.includes(site.hiddenSha))).toBe(true);
  });

  it('is the same bytes every time for one version', async () => {
    const site = await publishedSite();
    expect(sha256(await zipOf(site.id))).toBe(sha256(await zipOf(site.id)));
  });

  it('ends the stream with an error when a file of the version is missing, rather than ending short', async () => {
    const site = await publishedSite();
    const tree = (await exportTree(ctx.storage, site.id))!;
    await ctx.storage.delete(`objects/${site.manifest.files['B1/index.html']!.hash}`);
    await expect(buffer(zipTree(tree))).rejects.toThrow(/B1\/index\.html/);
  });

  it('answers null for a site never published', async () => {
    const view = await ctx.createSite();
    expect(await exportTree(ctx.storage, view.id)).toBeNull();
  });
});
