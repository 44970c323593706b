import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteView } from '../../model/site-view.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { defaultCategoryName } from './default-category-name.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

async function categoryNames(siteId: string, lang: string): Promise<string[]> {
  const view = (await (await ctx.request(`/api/site/${siteId}?lang=${lang}`)).json()) as SiteView;
  return view.creatives.map((column) => column.name);
}

describe('a new column’s category name', () => {
  it('is written in every language of the site', () => {
    expect(defaultCategoryName(27, ['jp', 'en', 'cn', 'kr'])).toEqual({ jp: 'カテゴリAB', en: 'Category AB', cn: '分类AB', kr: '카테고리 AB' });
  });

  it('reads in each of a new site’s languages, and so does a column the grid gains later', async () => {
    const site = await ctx.createSite({ numberHorizontal: 2, defaultLanguage: 'jp', languages: ['jp', 'en'] });
    expect(await categoryNames(site.id, 'jp')).toEqual(['カテゴリA', 'カテゴリB']);
    expect(await categoryNames(site.id, 'en')).toEqual(['Category A', 'Category B']);
    const resized = await ctx.request(`/api/site/${site.id}/grid`, { method: 'PUT', json: { numberHorizontal: 3, numberVertical: site.settings.numberVertical } });
    expect(resized.status).toBe(200);
    expect(await categoryNames(site.id, 'jp')).toEqual(['カテゴリA', 'カテゴリB', 'カテゴリC']);
    expect(await categoryNames(site.id, 'en')).toEqual(['Category A', 'Category B', 'Category C']);
  });
});
