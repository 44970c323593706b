import { describe, expect, it } from 'vitest';
import { neighbourhoodOf } from '../../../model/grid-manifest.ts';
import { pageContentSchema } from '../../../model/page.ts';
import { companyInfoSchema, seoSchema } from '../../../model/site.ts';
import { type GridColumn, type PageSite, pageSiteSchema, type ResolvedPage } from '../../../model/snapshot.ts';
import { type ViewerData, viewerDataJson } from './viewer-data.ts';

function site(name: string): PageSite {
  return pageSiteSchema.parse({
    siteId: name,
    lang: 'jp',
    defaultLanguage: 'jp',
    languages: ['jp', 'en'],
    origin: 'http://localhost:3001',
    basePath: '/',
    name,
    viewMode: 'MOBILE',
    displayLanguageIcon: true,
    displayGlobalMenu: true,
    displayPageCount: true,
    displayAlbum: false,
    swipeRedirection: true,
    autoAttachUrlParam: true,
    sns: [],
    seo: seoSchema.parse({}),
    poweredBy: false,
    company: companyInfoSchema.parse({}),
    gridPath: '_grid/0.json',
  });
}

const GRID: GridColumn[] = [
  {
    id: 'c1',
    name: '<b>A</b>',
    pages: [
      { id: 'p1', row: 1, position: 'A1', hasImage: false, locked: false },
      { id: 'p2', row: 2, position: 'A2', hasImage: false, locked: false },
    ],
  },
];

function data(pageSite: PageSite, row: number, viewOnly?: true): ViewerData {
  const page: ResolvedPage = {
    id: `p${row}`,
    position: `A${row}`,
    columnIndex: 0,
    row,
    locked: false,
    content: pageContentSchema.parse({ detail: { mainText: `<i>page ${row}</i>` } }),
    media: {},
  };
  return { site: pageSite, initialPage: page, neighbourhood: neighbourhoodOf(GRID, { column: 0, row }, true), ...(viewOnly ? { viewOnly } : {}) };
}

const reference = (value: ViewerData) => JSON.stringify(value).replaceAll('<', '\\u003c');

describe('viewerDataJson', () => {
  it('writes the bytes of JSON.stringify with every < escaped, with and without view-only', () => {
    const shop = site('Shop <1>');
    for (const value of [data(shop, 1), data(shop, 2, true)]) {
      const json = viewerDataJson(value);
      expect(json).toBe(reference(value));
      expect(json).not.toContain('<');
      expect(JSON.parse(json)).toEqual(value);
    }
  });

  it('writes each site its own part when pages of several sites are written in turn', () => {
    const [one, two] = [site('One'), site('Two')];
    const written = [data(one, 1), data(two, 1), data(one, 2), data(two, 2)].map((value) => [viewerDataJson(value), reference(value)]);
    for (const [json, expected] of written) expect(json).toBe(expected);
    expect(written[1]![0]).toContain('"name":"Two"');
  });
});
