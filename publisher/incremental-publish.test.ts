import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSiteDraft } from '../api/sites/load-site-draft.ts';
import { createTestContext, pngBytes, testRenderer, type TestContext } from '../api/test-support.ts';
import { createStorage } from '../storage/index.ts';
import type { Storage } from '../storage/storage.ts';
import { publishSite, type PublishProgress } from './publish.ts';
import type { Renderer } from './renderer.ts';
import { readLiveManifest } from './live.ts';
import type { Manifest } from './versions.ts';

type Site = { id: string; pageIds: Map<string, string>; imageUrl: string };

function pageBody(position: string, imageUrl: string, mainText: string) {
  return { detail: { imageUrl, mainText, mainTextColor: '#FFFFFF' }, buttons: [{ id: `cta-${position}`, buttonText: 'Go', linkDestinationUrl: `https://example.com/${position}` }] };
}

/** A 3 × 3 site in Japanese and English, one image on every page. */
async function buildSite(ctx: TestContext): Promise<Site> {
  const view = await ctx.createSite({ name: 'Incremental', numberHorizontal: 3, numberVertical: 3, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  const upload = await ctx.uploadMedia(view.id, await pngBytes(40, 60, '#336699'), 'photo.png');
  const pageIds = new Map<string, string>();
  for (const creative of view.creatives) {
    for (const page of creative.pages) {
      pageIds.set(page.position, page.id);
      await ctx.writePage(view.id, page.id, 'jp', pageBody(page.position, upload.url, `${page.position}の説明`));
      await ctx.writePage(view.id, page.id, 'en', pageBody(page.position, upload.url, `About ${page.position}`));
    }
  }
  return { id: view.id, pageIds, imageUrl: upload.url };
}

/** Publishes the current draft into `storage`, counting the renders the 'pages' progress events report. */
async function publishCounting(ctx: TestContext, siteId: string, storage: Storage, renderer: Renderer) {
  const events: PublishProgress[] = [];
  const result = await publishSite(await loadSiteDraft(ctx.db, siteId), { storage, renderer, onProgress: (event) => events.push(event) });
  const pages = events.filter((event) => event.step === 'pages');
  const total = pages[0]?.total ?? -1;
  return { result, rendered: pages.filter((event) => event.done > 0).length, total };
}

const hashes = (manifest: Manifest | null) => Object.fromEntries(Object.entries(manifest?.files ?? {}).map(([path, file]) => [path, file.hash]));

let ctx: TestContext;
let renderer: Renderer;
let freshRoot: string;

beforeEach(async () => {
  ctx = await createTestContext();
  renderer = await testRenderer();
  freshRoot = await mkdtemp(join(tmpdir(), 'swipegrid-fresh-'));
});

afterEach(async () => {
  await ctx.cleanup();
  await rm(freshRoot, { recursive: true, force: true });
});

describe('publishing only what changed', () => {
  it('renders nothing again when nothing changed, and writes no new version', async () => {
    const site = await buildSite(ctx);
    const first = await publishCounting(ctx, site.id, ctx.storage, renderer);
    // 9 pages, the not-found page and every visitor screen, in two languages.
    expect(first.rendered).toBe(first.result.pagesRendered);
    expect(first.result.pagesReused).toBe(0);
    const again = await publishCounting(ctx, site.id, ctx.storage, renderer);
    expect(again).toMatchObject({ rendered: 0, total: 0 });
    expect(again.result).toMatchObject({ changed: false, written: 0, pagesRendered: 0, pagesReused: first.result.pagesRendered });
  });

  it('re-renders exactly the edited page in the edited language after a text edit, and the result is byte-identical to a full render of the same draft', async () => {
    const site = await buildSite(ctx);
    await publishCounting(ctx, site.id, ctx.storage, renderer);
    const before = hashes(await readLiveManifest(ctx.storage, site.id));

    await ctx.writePage(site.id, site.pageIds.get('B2')!, 'en', pageBody('B2', site.imageUrl, 'About B2, revised'));
    const edited = await publishCounting(ctx, site.id, ctx.storage, renderer);
    expect(edited).toMatchObject({ rendered: 1, total: 1 });
    expect(edited.result.pagesRendered).toBe(1);
    const after = hashes(await readLiveManifest(ctx.storage, site.id));
    const changed = Object.keys(after).filter((path) => after[path] !== before[path]);
    expect(changed.sort()).toEqual([`_data/en/${site.pageIds.get('B2')}.json`, 'en/B2/index.html']);

    // The same draft rendered from nothing, into an empty storage.
    const fresh = createStorage({ driver: 'fs', root: freshRoot, publicBaseUrl: '/' });
    for await (const info of ctx.rawStorage.list('uploads/')) await fresh.put(info.key, (await ctx.rawStorage.get(info.key))!.body);
    const full = await publishCounting(ctx, site.id, fresh, renderer);
    expect(full.rendered).toBe(edited.result.pagesRendered + edited.result.pagesReused);
    expect(hashes(await readLiveManifest(fresh, site.id))).toEqual(after);
  });

  it('re-renders every page whose grid changed (an emptied page), but no screen nor not-found page', async () => {
    const site = await buildSite(ctx);
    await publishCounting(ctx, site.id, ctx.storage, renderer);
    // An empty page cannot be entered: A3 leaves the grid's landable pages, in both languages' grids.
    await ctx.writePage(site.id, site.pageIds.get('A3')!, 'jp', { detail: { imageUrl: '', mainText: 'empty' } });
    const edited = await publishCounting(ctx, site.id, ctx.storage, renderer);
    // The grid is shared by the languages (the image belongs to the page): 9 pages in each, screens and not-found pages untouched.
    expect(edited.rendered).toBe(18);
  });

  it('re-renders everything after a template release (a changed build id)', async () => {
    const site = await buildSite(ctx);
    const first = await publishCounting(ctx, site.id, ctx.storage, renderer);
    const released: Renderer = { ...renderer, buildId: `${renderer.buildId}-next`, renderPage: (locals) => renderer.renderPage(locals) };
    const again = await publishCounting(ctx, site.id, ctx.storage, released);
    expect(again.rendered).toBe(first.rendered);
    expect(again.result).toMatchObject({ pagesReused: 0, changed: true });
    // Same bytes (the template did not really change), new inputs recorded: a new version.
    const manifest = await readLiveManifest(ctx.storage, site.id);
    expect(Object.values(manifest!.files).filter((file) => file.inputs).length).toBeGreaterThan(0);
  });
});
