import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSiteDraft } from '../api/sites/load-site-draft.ts';
import { createPublishJobs, type PublishEvent } from '../api/publishing/publish-jobs.ts';
import { createTestContext, jpegBytes, parseSse, pngBytes, testRenderer, type TestContext } from '../api/test-support.ts';
import type { Language } from '../model/language.ts';
import { pageDataPath } from '../model/snapshot.ts';
import { publicFileName, subPathFileName, VISITOR_SUB_PATHS } from '../model/visitor-path.ts';
import type { Storage } from '../storage/storage.ts';
import { DEFAULT_IMAGE_WIDTHS } from './images.ts';
import { publishSite } from './publish.ts';
import { readLivePointer, readManifest } from './live.ts';
import { liveKey, manifestKey, objectKey, type Manifest } from './versions.ts';

const LANGUAGES: Language[] = ['jp', 'en'];
const POSITIONS = ['A', 'B', 'C'].flatMap((column) => [1, 2, 3, 4].map((row) => `${column}${row}`));
/** The one page whose texts are never written in English: English visitors see its Japanese. */
const UNTRANSLATED = 'B3';
const COLOURS = ['#e11d48', '#22c55e', '#6366f1'];

const jpText = (position: string) => `${position}の説明文`;
const enText = (position: string) => `About page ${position}`;

/** A page body as the editor sends it in one language. */
function pageBody(position: string, imageUrl: string, lang: Language, mainText = lang === 'jp' ? jpText(position) : enText(position)) {
  return {
    detail: { imageUrl, mainText, mainTextColor: '#FFFFFF' },
    buttons: [
      {
        id: `cta-${position}`,
        buttonType: 'text',
        buttonText: lang === 'jp' ? '詳しく見る' : 'Learn more',
        buttonLinkType: 'external',
        linkDestinationUrl: `https://example.com/${position}`,
        buttonShape: 'pill',
      },
    ],
  };
}

type BuiltSite = { id: string; pages: Map<string, { id: string; imageUrl: string }> };

/**
 * A 3 columns × 4 rows site in Japanese (default) and English, every page with texts in both
 * languages (but {@link UNTRANSLATED}) and an image; one small image per column keeps it fast.
 */
async function buildSite(ctx: TestContext): Promise<BuiltSite> {
  const view = await ctx.createSite({ name: 'Spring catalogue', numberHorizontal: 3, numberVertical: 4, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  const pages = new Map<string, { id: string; imageUrl: string }>();
  for (const creative of view.creatives) {
    const upload = await ctx.uploadMedia(view.id, await pngBytes(40, 60, COLOURS[creative.columnIndex]!), `${creative.letters}.png`);
    for (const page of creative.pages) {
      pages.set(page.position, { id: page.id, imageUrl: upload.url });
      await ctx.writePage(view.id, page.id, 'jp', pageBody(page.position, upload.url, 'jp'));
      if (page.position !== UNTRANSLATED) await ctx.writePage(view.id, page.id, 'en', pageBody(page.position, upload.url, 'en'));
    }
  }
  return { id: view.id, pages };
}

async function liveManifestOf(storage: Storage, siteId: string): Promise<Manifest> {
  const pointer = await readLivePointer(storage, siteId);
  const manifest = pointer ? await readManifest(storage, siteId, pointer.version) : null;
  if (!manifest) throw new Error('the site has no live manifest');
  return manifest;
}

/** Every key in storage with its etag. */
async function storageListing(storage: Storage): Promise<Record<string, string>> {
  const listing: Record<string, string> = {};
  for await (const info of storage.list('')) listing[info.key] = info.etag;
  return listing;
}

/** The bytes visitors get for every path of a manifest, fetched through the site app. */
async function servedFiles(ctx: TestContext, siteId: string, manifest: Manifest): Promise<Map<string, string>> {
  const served = new Map<string, string>();
  for (const path of Object.keys(manifest.files)) {
    const response = await ctx.visit(`/${path}`, { site: siteId });
    expect(response.status, path).toBe(200);
    served.set(path, Buffer.from(await response.arrayBuffer()).toString('base64'));
  }
  return served;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The manifest paths of one page: its position's HTML and its JSON, in every language. */
function filesOfPage(position: string, pageId: string): string[] {
  return LANGUAGES.flatMap((lang) => [publicFileName(lang, 'jp', position), pageDataPath(lang, pageId)]).sort();
}

function changedPaths(before: Manifest, after: Manifest): string[] {
  expect(Object.keys(after.files).sort()).toEqual(Object.keys(before.files).sort());
  return Object.keys(after.files)
    .filter((path) => after.files[path]!.hash !== before.files[path]!.hash)
    .sort();
}

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

describe('publishing a 3×4 site in two languages', () => {
  it('streams progress for images, video, pages and upload over SSE, ending with done', async () => {
    const site = await buildSite(ctx);
    const start = await ctx.request(`/api/site/${site.id}/publish`, { method: 'POST' });
    expect(start.status).toBe(202);
    const { publishId, events } = (await start.json()) as { publishId: string; events: string };
    expect(events).toBe(`/api/site/${site.id}/publish/${publishId}/events`);

    const stream = await ctx.request(events);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const received = parseSse(await stream.text());

    const progress = received.filter((event) => event.event === 'progress').map((event) => event.data as Extract<PublishEvent, { type: 'progress' }>);
    expect(new Set(progress.map((event) => event.step))).toEqual(new Set(['images', 'video', 'pages', 'upload']));
    expect(progress.filter((event) => event.step === 'images').at(-1)).toMatchObject({ done: 3, total: 3 });
    // No video on this site: the step is reported empty, so the console's bar keeps its four parts.
    expect(progress.filter((event) => event.step === 'video').at(-1)).toMatchObject({ done: 0, total: 0 });
    // 12 pages, the not-found page and the 10 visitor screens, in each of the two languages.
    expect(progress.filter((event) => event.step === 'pages').at(-1)).toMatchObject({ done: 46, total: 46 });
    const upload = progress.filter((event) => event.step === 'upload').at(-1)!;
    expect(upload.done).toBe(upload.total);
    expect(upload.total).toBeGreaterThan(0);
    // Steps come in order: video (encoded before the storage lease), then images, then pages, then upload.
    const order = progress.map((event) => event.step).filter((step, i, all) => step !== all[i - 1]);
    expect(order).toEqual(['video', 'images', 'pages', 'upload']);

    const last = received.at(-1)!;
    expect(last.event).toBe('done');
    expect(last.data).toMatchObject({ type: 'done', result: { version: 1, changed: true } });

    const status = await ctx.request(`/api/site/${site.id}/publish/${publishId}`);
    expect(await status.json()).toMatchObject({ status: 'done', version: 1 });
    const siteView = await ctx.request(`/api/site/${site.id}`);
    expect(await siteView.json()).toMatchObject({ status: 'published', liveVersion: 1 });
  });

  it('replays the whole progress to a client that connects after the publish finished', async () => {
    const site = await buildSite(ctx);
    const { publishId, events } = (await (await ctx.request(`/api/site/${site.id}/publish`, { method: 'POST' })).json()) as { publishId: string; events: string };
    await ctx.jobs.finished(publishId);
    const received = parseSse(await (await ctx.request(events)).text());
    expect(received.map((event) => event.event).at(-1)).toBe('done');
    expect(new Set(received.filter((event) => event.event === 'progress').map((event) => (event.data as { step: string }).step))).toEqual(new Set(['images', 'video', 'pages', 'upload']));
    expect((await ctx.request(`/api/site/${site.id}/publish/not-a-publish/events`)).status).toBe(404);
  });

  it("lists every language × position, every page JSON, each language's grid manifest, both not-found pages, every visitor screen, the sitemap and robots.txt in the manifest, each stored", async () => {
    const site = await buildSite(ctx);
    const result = await ctx.publish(site.id);
    // 75 objects: each language's grid manifest is its own since a new site's category names are written in each language; the default favicon.ico.
    expect(result).toMatchObject({ version: 1, changed: true, files: 75, pagesRendered: 46 });

    const manifest = await liveManifestOf(ctx.storage, site.id);
    const html = LANGUAGES.flatMap((lang) => POSITIONS.map((position) => publicFileName(lang, 'jp', position)));
    expect(html).toHaveLength(24);
    expect(html).toContain('index.html');
    expect(html).toContain('en/index.html');
    expect(html).toContain('B2/index.html');
    expect(html).toContain('en/B2/index.html');
    const json = LANGUAGES.flatMap((lang) => [...site.pages.values()].map((page) => pageDataPath(lang, page.id)));
    const screens = LANGUAGES.flatMap((lang) => VISITOR_SUB_PATHS.map((screen) => subPathFileName(lang, 'jp', screen)));
    expect(screens).toContain('contact/index.html');
    expect(screens).toContain('en/register-success/index.html');
    const grids = Object.keys(manifest.files).filter((path) => /^_grid\/[0-9a-f]{16}\.json$/.test(path));
    // Each language names its columns in its own words (カテゴリA, Category A), so each has its grid manifest.
    expect(grids).toHaveLength(2);
    expect(Object.keys(manifest.files).sort()).toEqual([...html, ...json, ...grids, ...screens, '404.html', 'en/404.html', 'sitemap.xml', 'robots.txt', 'favicon.ico'].sort());

    for (const [path, file] of Object.entries(manifest.files)) {
      const object = await ctx.storage.get(objectKey(file.hash));
      expect(object, path).not.toBeNull();
      expect(sha256(object!.body), path).toBe(file.hash);
      expect(object!.size, path).toBe(file.size);
      const types: Record<string, string> = {
        json: 'application/json',
        xml: 'application/xml; charset=utf-8',
        txt: 'text/plain; charset=utf-8',
        html: 'text/html; charset=utf-8',
        ico: 'image/x-icon',
      };
      expect(file.contentType, path).toBe(types[path.split('.').at(-1)!]);
    }
    expect(manifest.assets.length).toBeGreaterThan(0);
    for (const asset of manifest.assets) {
      expect(asset).toMatch(/^_astro\//);
      expect(await ctx.storage.head(asset), asset).not.toBeNull();
    }
  });

  it('serves pages no-cache with their hash as ETag, answers 304 to a matching If-None-Match, and 404 with the not-found page', async () => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);
    const manifest = await liveManifestOf(ctx.storage, site.id);

    for (const [url, path] of [
      ['/', 'index.html'],
      ['/en/B2', 'en/B2/index.html'],
      ['/C4', 'C4/index.html'],
    ] as const) {
      const response = await ctx.visit(url, { site: site.id });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      const etag = response.headers.get('etag');
      expect(etag, url).toBe(`"${manifest.files[path]!.hash}"`);
      expect(sha256(new Uint8Array(await response.arrayBuffer())), url).toBe(manifest.files[path]!.hash);

      const again = await ctx.visit(url, { site: site.id, headers: { 'if-none-match': etag! } });
      expect(again.status, url).toBe(304);
      expect(await again.text(), url).toBe('');
      expect(again.headers.get('etag'), url).toBe(etag);
      const stale = await ctx.visit(url, { site: site.id, headers: { 'if-none-match': '"something-else"' } });
      expect(stale.status, url).toBe(200);
    }

    const unknown = await ctx.visit(`/Z9`, { site: site.id });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await unknown.text()).toContain('ページが見つかりません');
    const unknownEnglish = await ctx.visit(`/en/Z9`, { site: site.id });
    expect(unknownEnglish.status).toBe(404);
    expect(await unknownEnglish.text()).toContain('Page not found');
    expect((await ctx.visit('/sites/no-such-site/')).status).toBe(404);
    // Malformed percent-encoding names no file: a 404, never a 500.
    expect((await ctx.visit(`/%E0%A4%A`, { site: site.id })).status).toBe(404);
    expect((await ctx.visit('/media/%E0%A4%A/50.webp')).status).toBe(404);
  });

  it('serves _astro assets and media derivatives as immutable', async () => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);
    const manifest = await liveManifestOf(ctx.storage, site.id);

    const asset = await ctx.visit(`/${manifest.assets[0]}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const html = await (await ctx.visit(`/`, { site: site.id })).text();
    // The first page's image is preloaded at high priority, from the public derivatives.
    expect(html).toContain('fetchpriority="high"');
    const mediaPath = /\/media\/[0-9a-f]{64}\/\d+\.webp/.exec(html)?.[0];
    expect(mediaPath).toBeDefined();
    const media = await ctx.visit(mediaPath!, { site: site.id });
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/webp');
    expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Visitors get only public derivatives: nothing names the private upload URL of the API.
    expect(html).not.toContain('/api/site/');
    expect(html).not.toContain('uploads/');
    const data = await (await ctx.visit(`/_data/en/${site.pages.get('B2')!.id}.json`, { site: site.id })).text();
    expect(data).toContain('/media/');
    expect(data).not.toContain('/api/site/');
    expect((await ctx.visit('/media/does-not-exist/50.webp')).status).toBe(404);
  });

  it('shows English visitors the English text, Japanese visitors the Japanese text, and falls back to Japanese where English is missing', async () => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);

    const japanese = await (await ctx.visit(`/B2`, { site: site.id })).text();
    expect(japanese).toContain(jpText('B2'));
    expect(japanese).toContain('詳しく見る');
    expect(japanese).not.toContain(enText('B2'));
    expect(japanese).toContain('lang="ja"');

    const english = await (await ctx.visit(`/en/B2`, { site: site.id })).text();
    expect(english).toContain(enText('B2'));
    expect(english).toContain('Learn more');
    expect(english).not.toContain(jpText('B2'));
    expect(english).toContain('lang="en"');

    const untranslated = await (await ctx.visit(`/en/${UNTRANSLATED}`, { site: site.id })).text();
    expect(untranslated).toContain(jpText(UNTRANSLATED));

    const data = await ctx.visit(`/_data/en/${site.pages.get('A1')!.id}.json`, { site: site.id });
    expect(data.status).toBe(200);
    expect(data.headers.get('cache-control')).toBe('no-cache');
    expect(((await data.json()) as { content: { detail: { mainText: string } } }).content.detail.mainText).toBe(enText('A1'));
  });
});

describe('republishing', () => {
  it('makes no new version and writes nothing when nothing changed', async () => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);
    const before = await storageListing(ctx.rawStorage);
    ctx.writes.reset();

    const again = await ctx.publish(site.id);
    expect(again).toMatchObject({ version: 1, changed: false, written: 0, imagesMade: 0 });
    expect(ctx.writes.puts).toEqual([]);
    expect(ctx.writes.deletes).toEqual([]);
    expect(await storageListing(ctx.rawStorage)).toEqual(before);
    const versions = (await (await ctx.request(`/api/site/${site.id}/versions`)).json()) as { versions: { version: number }[] };
    expect(versions.versions.map((v) => v.version)).toEqual([1]);
  });

  it("after a Japanese text edit on a page without English texts, changes exactly that page's HTML and JSON in both languages", async () => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);
    const before = await liveManifestOf(ctx.storage, site.id);
    const page = site.pages.get(UNTRANSLATED)!;
    await ctx.writePage(site.id, page.id, 'jp', pageBody(UNTRANSLATED, page.imageUrl, 'jp', '書き換えた説明文'));
    ctx.writes.reset();

    const result = await ctx.publish(site.id);
    expect(result).toMatchObject({ version: 2, changed: true, imagesMade: 0 });
    const after = await liveManifestOf(ctx.storage, site.id);
    const changed = filesOfPage(UNTRANSLATED, page.id);
    expect(changedPaths(before, after)).toEqual(changed);

    // Only the new bytes were uploaded, each recorded as this site's in the reference index
    // (publisher/reference-index.ts), then the manifest, then the live pointer, last.
    // The page's JSON is the same in both languages here, so it is one object.
    const newObjects = [...new Set(changed.map((path) => objectKey(after.files[path]!.hash)))].sort();
    const earlier = ctx.writes.puts.slice(0, -2);
    expect(earlier.filter((key) => !key.startsWith('refs/')).sort()).toEqual(newObjects);
    expect(earlier.filter((key) => key.startsWith('refs/')).sort()).toEqual(newObjects.map((key) => `refs/${key}/${site.id}`));
    expect(ctx.writes.puts.slice(-2)).toEqual([manifestKey(site.id, 2), liveKey(site.id)]);
    expect(result.written).toBe(newObjects.length + 2);

    expect(await (await ctx.visit(`/en/${UNTRANSLATED}`, { site: site.id })).text()).toContain('書き換えた説明文');
    expect(await (await ctx.visit(`/${UNTRANSLATED}`, { site: site.id })).text()).toContain('書き換えた説明文');
  });

  it("after a Japanese text edit on a translated page, changes only that page's Japanese files", async () => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);
    const before = await liveManifestOf(ctx.storage, site.id);
    const page = site.pages.get('C2')!;
    await ctx.writePage(site.id, page.id, 'jp', pageBody('C2', page.imageUrl, 'jp', '新しい説明文'));

    await ctx.publish(site.id);
    const after = await liveManifestOf(ctx.storage, site.id);
    expect(changedPaths(before, after)).toEqual(['C2/index.html', pageDataPath('jp', page.id)].sort());
    expect(await (await ctx.visit(`/en/C2`, { site: site.id })).text()).toContain(enText('C2'));
  });
});

describe('a publish that dies half way', () => {
  /** A storage whose put throws at the chosen write, as a killed process or a lost connection would stop it. */
  function dyingStorage(inner: Storage, diesAt: (key: string, objectWrites: number) => boolean): Storage {
    let objectWrites = 0;
    return {
      ...inner,
      list: (prefix) => inner.list(prefix),
      async put(key, body, opts) {
        if (diesAt(key, objectWrites)) throw new Error(`killed while writing ${key}`);
        if (key.startsWith('objects/')) objectWrites++;
        return inner.put(key, body, opts);
      },
    };
  }

  it.each([
    ['at its first object', (key: string) => key.startsWith('objects/')],
    ['after two objects', (key: string, written: number) => key.startsWith('objects/') && written === 2],
    ['at the new manifest', (key: string) => key.includes('/manifests/')],
    ['at the live pointer', (key: string) => key.endsWith('/live.json')],
  ])('%s leaves the previous version live, whole and served byte for byte', async (_when, diesAt) => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);
    const v1 = await liveManifestOf(ctx.storage, site.id);
    const servedBefore = await servedFiles(ctx, site.id, v1);

    // Several pages change, so the publish has several objects to write.
    for (const position of ['A1', 'B2', 'C3']) {
      const page = site.pages.get(position)!;
      await ctx.writePage(site.id, page.id, 'jp', pageBody(position, page.imageUrl, 'jp', `${position}を更新`));
    }
    const draft = await loadSiteDraft(ctx.db, site.id);
    await expect(publishSite(draft, { storage: dyingStorage(ctx.rawStorage, diesAt), renderer: await testRenderer() })).rejects.toThrow(/killed while writing/);

    expect(await readLivePointer(ctx.storage, site.id)).toMatchObject({ version: 1 });
    for (const [path, file] of Object.entries(v1.files)) {
      expect(await ctx.storage.head(objectKey(file.hash)), path).not.toBeNull();
    }
    expect(await servedFiles(ctx, site.id, v1)).toEqual(servedBefore);

    // The next publish that succeeds puts the edits live.
    const retry = await ctx.publish(site.id);
    expect(retry.changed).toBe(true);
    expect(await (await ctx.visit(`/B2`, { site: site.id })).text()).toContain('B2を更新');
  });

  it('reports failed through the job, keeps the live version in the database and on the air', async () => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);
    const page = site.pages.get('A1')!;
    await ctx.writePage(site.id, page.id, 'jp', pageBody('A1', page.imageUrl, 'jp', '届かない更新'));
    const broken: Storage = {
      ...ctx.rawStorage,
      list: (prefix) => ctx.rawStorage.list(prefix),
      put: async () => {
        throw new Error('disk full');
      },
    };
    const jobs = await createPublishJobs({ db: ctx.db, storage: broken, renderer: testRenderer });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const publishId = await jobs.start(site.id);
      const events: PublishEvent[] = [];
      await jobs.watch(site.id, publishId, (event) => events.push(event));
      await jobs.finished(publishId);
      // The owner is told by key (the event's text is the English of it); the raw error stays in the server log.
      expect(events.at(-1)).toEqual({ type: 'failed', key: 'publishFailed', values: {}, message: 'Publishing failed. The previous version is still live.' });
      expect(await jobs.status(site.id, publishId)).toMatchObject({ status: 'failed', errorKey: 'publishFailed', error: 'Publishing failed. The previous version is still live.' });
    } finally {
      quiet.mockRestore();
    }
    expect(await (await ctx.request(`/api/site/${site.id}`)).json()).toMatchObject({ liveVersion: 1, status: 'published' });
    expect(await (await ctx.visit(`/`, { site: site.id })).text()).not.toContain('届かない更新');
  });
});

describe('versions and rollback', () => {
  it('lists versions newest first with the live one marked, and a rollback makes an earlier version live again', async () => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);
    const firstHtml = await (await ctx.visit(`/`, { site: site.id })).text();
    const page = site.pages.get('A1')!;
    await ctx.writePage(site.id, page.id, 'jp', pageBody('A1', page.imageUrl, 'jp', '第二版の説明文'));
    await ctx.publish(site.id);
    expect(await (await ctx.visit(`/`, { site: site.id })).text()).toContain('第二版の説明文');

    const listed = await ctx.request(`/api/site/${site.id}/versions`);
    expect(listed.status).toBe(200);
    const { versions } = (await listed.json()) as { versions: { version: number; live: boolean; files: number; createdAt: string }[] };
    expect(versions.map(({ version, live }) => ({ version, live }))).toEqual([
      { version: 2, live: true },
      { version: 1, live: false },
    ]);
    expect(versions.every((v) => v.files === 75 && !Number.isNaN(Date.parse(v.createdAt)))).toBe(true);

    const rolled = await ctx.request(`/api/site/${site.id}/versions/1/rollback`, { method: 'POST' });
    expect(rolled.status).toBe(200);
    expect(await rolled.json()).toMatchObject({ live: { version: 1 } });
    expect(await (await ctx.visit(`/`, { site: site.id })).text()).toBe(firstHtml);
    const relisted = (await (await ctx.request(`/api/site/${site.id}/versions`)).json()) as { versions: { version: number; live: boolean }[] };
    expect(relisted.versions.map(({ version, live }) => ({ version, live }))).toEqual([
      { version: 2, live: false },
      { version: 1, live: true },
    ]);
    expect(await (await ctx.request(`/api/site/${site.id}`)).json()).toMatchObject({ liveVersion: 1 });

    // Forward again to the newer version.
    expect((await ctx.request(`/api/site/${site.id}/versions/2/rollback`, { method: 'POST' })).status).toBe(200);
    expect(await (await ctx.visit(`/`, { site: site.id })).text()).toContain('第二版の説明文');
  });

  it('answers 404 to a rollback to a version that does not exist, and changes nothing', async () => {
    const site = await buildSite(ctx);
    await ctx.publish(site.id);
    const pointer = await ctx.storage.get(liveKey(site.id));
    for (const version of ['2', '0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const response = await ctx.request(`/api/site/${site.id}/versions/${version}/rollback`, { method: 'POST' });
      expect(response.status, version).toBe(404);
      expect(await response.json(), version).toMatchObject({ message: expect.any(String) });
    }
    expect((await ctx.storage.get(liveKey(site.id)))!.body).toEqual(pointer!.body);
    const never = await ctx.createSite({ name: 'Never published', numberHorizontal: 1, numberVertical: 1 });
    expect((await ctx.request(`/api/site/${never.id}/versions/1/rollback`, { method: 'POST' })).status).toBe(404);
    expect(await (await ctx.request(`/api/site/${never.id}/versions`)).json()).toEqual({ versions: [] });
  });
});

describe('images', () => {
  it('turns a 3000×2000 upload into every spec width up to 1920, in WebP and a JPEG fallback, all served', async () => {
    const view = await ctx.createSite({ name: 'Big picture', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const upload = await ctx.uploadMedia(view.id, await jpegBytes(3000, 2000, '#3366aa'), 'photo.jpg');
    expect(upload.mime).toBe('image/jpeg');
    await ctx.writePage(view.id, view.creatives[0]!.pages[0]!.id, 'jp', { detail: { imageUrl: upload.url } });
    const result = await ctx.publish(view.id);

    const keys: string[] = [];
    for await (const info of ctx.storage.list(`media/${upload.sha256}/`)) keys.push(info.key.slice(`media/${upload.sha256}/`.length));
    const widths = DEFAULT_IMAGE_WIDTHS.filter((width) => width <= 3000);
    expect(widths).toEqual([50, 100, 200, 400, 600, 800, 1200, 1920]);
    expect(keys.sort()).toEqual([...widths.flatMap((width) => [`${width}.jpg`, `${width}.webp`]), 'set.json'].sort());
    expect(result.imagesMade).toBe(16);

    const html = await (await ctx.visit(`/`, { site: view.id })).text();
    for (const width of widths) expect(html).toContain(`/media/${upload.sha256}/${width}.webp ${width}w`);
    const widest = await ctx.visit(`/media/${upload.sha256}/1920.jpg`);
    expect(widest.status).toBe(200);
    expect(widest.headers.get('content-type')).toBe('image/jpeg');
  });

  it('makes the derivatives of an image used on two pages once', async () => {
    const view = await ctx.createSite({ name: 'Twice', numberHorizontal: 1, numberVertical: 2, languages: ['jp', 'en'] });
    const upload = await ctx.uploadMedia(view.id, await pngBytes(120, 80, '#118844'));
    for (const page of view.creatives[0]!.pages) await ctx.writePage(view.id, page.id, 'jp', { detail: { imageUrl: upload.url, mainText: page.position } });
    ctx.writes.reset();

    const result = await ctx.publish(view.id);
    const mediaPuts = ctx.writes.puts.filter((key) => key.startsWith('media/'));
    const expected = [50, 100, 120].flatMap((width) => [`${width}.jpg`, `${width}.webp`]).map((name) => `media/${upload.sha256}/${name}`);
    expect(mediaPuts.filter((key) => !key.endsWith('set.json')).sort()).toEqual(expected.sort());
    expect(mediaPuts.filter((key) => key.endsWith('set.json'))).toHaveLength(1);
    expect(result).toMatchObject({ imagesMade: 6, imagesReused: 0 });

    // Both pages, in both languages, point at the same derivatives.
    for (const path of ['/', '/A2', '/en/', '/en/A2']) {
      expect(await (await ctx.visit(path, { site: view.id })).text(), path).toContain(`/media/${upload.sha256}/120.webp 120w`);
    }
  });
});
