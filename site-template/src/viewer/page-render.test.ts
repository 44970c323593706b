import { describe, expect, it } from 'vitest';
import { loadRenderer } from '../../../publisher/renderer.ts';
import type { Language } from '../../../model/language.ts';
import { pageContentSchema } from '../../../model/page.ts';
import { companyInfoSchema, seoSchema } from '../../../model/site.ts';
import { neighbourhoodOf } from '../../../model/grid-manifest.ts';
import { pageSiteSchema, type GridColumn, type ResolvedPage } from '../../../model/snapshot.ts';

// The page HTML the built viewer writes at publish time: what a visitor sees before any script runs.

const renderer = loadRenderer();

function site(lang: Language, poweredBy: boolean) {
  return pageSiteSchema.parse({
    siteId: 's1',
    lang,
    defaultLanguage: 'jp',
    languages: ['jp', 'en', 'cn', 'kr'],
    origin: 'http://localhost:3001',
    basePath: '/sites/s1/',
    customDomain: false,
    name: 'Shop',
    viewMode: 'MOBILE',
    displayLanguageIcon: false,
    displayGlobalMenu: true,
    displayPageCount: true,
    displayAlbum: false,
    swipeRedirection: true,
    autoAttachUrlParam: true,
    sns: [],
    seo: seoSchema.parse({}),
    poweredBy,
    company: companyInfoSchema.parse({ companyProfile: 'P', companyClause: 'C', termsOfService: 'T', privacyPolicy: 'PP' }),
    gridPath: '_grid/0.json',
  });
}

const GRID: GridColumn[] = [{ id: 'c1', name: 'A', pages: [{ id: 'p1', row: 1, position: 'A1', hasImage: false, locked: false }] }];

function page(content: Record<string, unknown>): ResolvedPage {
  return { id: 'p1', position: 'A1', columnIndex: 0, row: 1, locked: false, content: pageContentSchema.parse(content), media: {} };
}

async function html(lang: Language, poweredBy: boolean, content: Record<string, unknown>) {
  const { body } = await (await renderer).renderPage({ site: site(lang, poweredBy), page: page(content), neighbourhood: neighbourhoodOf(GRID, { column: 0, row: 1 }, true), assetOrigin: '' });
  return new TextDecoder().decode(body);
}

const withCta = { showCompany: true, buttons: [{ id: 'b1', buttonText: 'Go', linkDestinationUrl: 'https://example.com/' }] };

describe('the bottom bar as published', () => {
  it('shows the powered-by line on the free plan, on a page without CTAs too, in a 37 px bar', async () => {
    const page = await html('jp', true, {});
    expect(page).toMatch(/<footer(?=[^>]*class="sg-bottom-bar")[^>]*style="height:37px;\s*bottom:0/);
    expect(page).toContain('Powered by Swipegrid');
    expect(page).not.toContain('class="sg-company-tab"');
  });

  it('shows no bar at all on a paid plan page without CTAs', async () => {
    expect(await html('jp', false, {})).not.toMatch(/<footer[^>]*sg-bottom-bar/);
  });

  it('grows to 68 px with the company tabs of a page with a CTA', async () => {
    expect(await html('jp', true, withCta)).toMatch(/<footer(?=[^>]*class="sg-bottom-bar")[^>]*style="height:68px/);
  });

  it('names the company tabs in each of the four languages', async () => {
    const names: Record<Language, string[]> = {
      jp: ['会社概要', '特定商取引法に基づく表記', '利用規約', 'プライバシーポリシー'],
      en: ['Company profile', 'Specified commercial transactions', 'Terms of use', 'Privacy policy'],
      cn: ['公司简介', '特定商业交易法标示', '使用条款', '隐私政策'],
      kr: ['회사 개요', '특정상거래법에 따른 표기', '이용약관', '개인정보 처리방침'],
    };
    for (const [lang, expected] of Object.entries(names) as [Language, string[]][]) {
      const tabs = [...(await html(lang, false, withCta)).matchAll(/class="sg-company-tab"[^>]*>([^<]+)</g)].map((match) => match[1]);
      expect(tabs, lang).toEqual(expected);
    }
  });
});

describe('the page counter as published', () => {
  it('reads "n / total"', async () => {
    expect(await html('jp', false, {})).toMatch(/<p[^>]*class="sg-counter"[^>]*>1(<!-- -->)?\s*\/\s*(<!-- -->)?1<\/p>/);
  });
});

describe('a page as published', () => {
  it('is byte for byte the same whatever was rendered before it: another language, another site, the same site again', async () => {
    const neighbourhood = neighbourhoodOf(GRID, { column: 0, row: 1 }, true);
    const render = async (pageSite: ReturnType<typeof site>) => (await (await renderer).renderPage({ site: pageSite, page: page(withCta), neighbourhood, assetOrigin: '' })).body;
    const first = await render(site('jp', true));
    const other = await render({ ...site('en', false), siteId: 's2', name: 'Other shop', basePath: '/shop/', customPathPrefix: 'shop' });
    const again = await render(site('jp', true));
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    const otherHtml = new TextDecoder().decode(other);
    expect(otherHtml).toContain('"name":"Other shop"');
    expect(otherHtml).not.toContain('"name":"Shop"');
    expect(otherHtml).toContain('<link rel="alternate" hreflang="en" href="http://localhost:3001/shop/en/">');
  });
});
