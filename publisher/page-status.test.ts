import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSiteDraft } from '../api/sites/load-site-draft.ts';
import { createTestContext, pngBytes, SITE_ORIGIN, type TestContext } from '../api/test-support.ts';
import { siteAddress } from '../model/site-address.ts';
import { buildSnapshot } from './snapshot.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

const CHATBOT = '<script>window.chatbotRan = (window.chatbotRan || 0) + 1</script>';

async function siteWithThreePages() {
  const view = await ctx.createSite({ numberHorizontal: 1, numberVertical: 3, languages: ['jp'] });
  const { url } = await ctx.uploadMedia(view.id, await pngBytes(40, 60, '#336699'), 'cover.png');
  const [first, second, third] = view.creatives[0]!.pages;
  await ctx.writePage(view.id, first!.id, 'jp', { detail: { imageUrl: url, mainText: 'one' } });
  await ctx.writePage(view.id, second!.id, 'jp', { status: 'draft', customPath: 'hidden-offer', detail: { imageUrl: url, mainText: 'secret draft text' } });
  await ctx.writePage(view.id, third!.id, 'jp', { detail: { imageUrl: url, mainText: 'three' }, chatbotScript: CHATBOT });
  return { id: view.id, pages: [first!.id, second!.id, third!.id] };
}

describe('a page’s status decides whether it is published', () => {
  it('leaves a draft page out: its address and custom path answer the 404 page, its content is nowhere, its cell stays in the grid', async () => {
    const { id, pages } = await siteWithThreePages();
    await ctx.publish(id);
    const draft = await ctx.visit(`/A2`, { site: id });
    expect(draft.status).toBe(404);
    expect(await draft.text()).not.toContain('secret draft text');
    expect((await ctx.visit(`/hidden-offer`, { site: id })).status).toBe(404);
    expect((await ctx.visit(`/_data/jp/${pages[1]}.json`, { site: id })).status).toBe(404);
    const third = await ctx.visit(`/_data/jp/${pages[2]}.json`, { site: id });
    expect(third.status).toBe(200);
    const data = (await third.json()) as { site?: unknown };
    expect(JSON.stringify(data)).not.toContain('secret draft text');

    const { site, pages: published } = buildSnapshot(
      await loadSiteDraft(ctx.db, id),
      'jp',
      { entries: {}, thumbnails: {}, keys: [], made: 0, reused: 0 },
      siteAddress(await loadSiteDraft(ctx.db, id), { siteOrigin: SITE_ORIGIN }),
    );
    expect(published.map((page) => page.position)).toEqual(['A1', 'A3']);
    expect(site.grid[0]!.pages.map((page) => [page.position, page.unpublished ?? false, page.hasImage, page.customPath])).toEqual([
      ['A1', false, false, undefined],
      ['A2', true, false, undefined],
      ['A3', false, false, undefined],
    ]);
    const sitemap = await (await ctx.visit(`/sitemap.xml`, { site: id })).text();
    expect(sitemap).not.toContain('/A2');
  });

  it('publishes the page again once its status is published', async () => {
    const { id, pages } = await siteWithThreePages();
    await ctx.publish(id);
    await ctx.writePage(id, pages[1]!, 'jp', { status: 'published', detail: { mainText: 'now live' } });
    await ctx.publish(id);
    expect((await ctx.visit(`/A2`, { site: id })).status).toBe(200);
  });
});

describe('a page’s chatbotScript', () => {
  it('is published with its own page only', async () => {
    const { id, pages } = await siteWithThreePages();
    await ctx.publish(id);
    const own = await (await ctx.visit(`/_data/jp/${pages[2]}.json`, { site: id })).json();
    expect(own).toMatchObject({ content: { chatbotScript: CHATBOT } });
    const other = await (await ctx.visit(`/_data/jp/${pages[0]}.json`, { site: id })).json();
    expect(JSON.stringify(other)).not.toContain('chatbotRan');
    expect(await (await ctx.visit(`/`, { site: id })).text()).not.toContain('chatbotRan');
  });
});
