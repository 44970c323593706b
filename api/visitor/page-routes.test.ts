import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
afterEach(async () => ctx?.cleanup());

describe('a page’s public data', () => {
  it('is answered with the bytes the live version stores, which the site host serves as the page’s data file, products in their order', async () => {
    ctx = await createTestContext();
    const view = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const pageId = view.creatives[0]!.pages[0]!.id;
    await ctx.writePage(view.id, pageId, 'jp', {
      detail: { mainText: 'Spring' },
      products: [
        { id: 'p2', productName: 'Second', order: 2 },
        { id: 'p1', productName: 'First', order: 1 },
      ],
    });
    await ctx.publish(view.id);

    const answer = await ctx.visit(`/api/end-user/site/${view.id}/page/${pageId}/public`, { site: view.id });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const file = await ctx.visit(`/_data/jp/${pageId}.json`, { site: view.id, headers: { 'accept-encoding': 'identity' } });
    const bytes = await answer.text();
    expect(bytes).toBe(await file.text());
    expect((JSON.parse(bytes) as { content: { products: { id: string }[] } }).content.products.map((product) => product.id)).toEqual(['p1', 'p2']);
  });
});
