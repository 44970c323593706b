import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pngBytes, type TestContext } from '../api/test-support.ts';
import { readLiveManifest } from './live.ts';
import { objectKey } from './versions.ts';
import validatorConfig from './html-validate.config.ts';

// The published pages are valid HTML (issue 27): html-validate's recommended rules over a busy
// page (buttons, a product, a link area, the category menu, a popup, footer links), a
// members-only page, and the visitor screens with their forms.

const DAY = 24 * 60 * 60_000;

let ctx: TestContext;
let siteId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const site = await ctx.createSite({ name: 'Busy', numberHorizontal: 2, numberVertical: 2, languages: ['jp', 'en'] });
  siteId = site.id;
  const pages = Object.fromEntries(site.creatives.flatMap((creative) => creative.pages.map((page) => [page.position, page.id])));
  const picture = async (colour: string) => (await ctx.uploadMedia(siteId, await pngBytes(375, 739, colour), `${colour.slice(1)}.png`)).url;
  const [a1, a2, b1, product, popup] = await Promise.all([picture('#225588'), picture('#558822'), picture('#882255'), picture('#888822'), picture('#ffcc00')]);
  const now = Date.now();
  const settings = await ctx.request(`/api/site/${siteId}?lang=jp`, {
    method: 'PUT',
    json: {
      displayGlobalMenu: true,
      sns: [{ snsType: 'instagram', snsUrl: 'https://instagram.com/busy' }],
      company: { companyProfile: '株式会社スワイプ', termsOfService: '第1条', privacyPolicy: '個人情報' },
      seo: { title: '春のカタログ', h1: '春のカタログ', description: 'スワイプで見る春のカタログ' },
      popupCtas: {
        timeLimit: {
          id: 'time1',
          startDate: new Date(now - DAY).toISOString(),
          endDate: new Date(now + 4 * DAY).toISOString(),
          effectivePages: [1],
          showRemainingTime: true,
          media: { url: popup, type: 'IMAGE' },
          transition: { transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'A2' },
        },
      },
    },
  });
  expect(settings.status, await settings.clone().text()).toBe(200);
  await ctx.writePage(siteId, pages.A1!, 'jp', {
    detail: { imageUrl: a1, mainText: '春の新作', price: '¥1,980', linkButtonText: '公式サイト', linkDestinationUrl: 'https://example.com/' },
    buttons: [
      {
        id: 'text',
        buttonType: 'text',
        buttonText: '今すぐ見る',
        buttonLinkType: 'external',
        linkDestinationUrl: 'https://example.com/',
        buttonPositionLeft: 10,
        buttonPositionTop: 300,
        microcopyText: '今だけ',
        buttonAnimation: 'PULSE',
      },
      { id: 'media', buttonType: 'media', buttonImageUrl: b1, buttonLinkType: 'page', linkDestinationUrl: '2', buttonPositionLeft: 200, buttonPositionTop: 220 },
      { id: 'html', buttonType: 'html', buttonContentHtml: '<span>Owner <b>HTML</b></span>', buttonLinkType: 'internal', linkDestinationUrl: 'form', buttonPositionLeft: 200, buttonPositionTop: 330 },
    ],
    links: [{ id: 'hotspot', linkType: 'external', linkDestinationUrl: 'https://example.com/', positionLeft: 300, positionTop: 600 }],
    products: [{ id: 'product', productName: 'スニーカー', price: '¥9,800', imagePath: product, linkButtonText: '購入する', linkButtonUrl: 'https://example.com/' }],
    snsConfig: { display: true, sns: [] },
    showCompany: true,
  });
  // One call to action: the category menu shows (two hide it), and the footer's social and company navigation.
  await ctx.writePage(siteId, pages.A2!, 'jp', {
    detail: { imageUrl: a2 },
    buttons: [{ id: 'one', buttonType: 'text', buttonText: '詳しく', buttonLinkType: 'page', linkDestinationUrl: '1', buttonPositionLeft: 10, buttonPositionTop: 300 }],
    snsConfig: { display: true, sns: [] },
    showCompany: true,
  });
  await ctx.writePage(siteId, pages.B1!, 'jp', { detail: { imageUrl: b1 }, membersOnlyLock: true });
  await ctx.publish(siteId);
}, 60_000);

afterAll(async () => {
  await ctx?.cleanup();
});

const validator = new HtmlValidate(validatorConfig);

describe('the published HTML', () => {
  it('validates in every page file of the version: pages, members-only page, visitor screens, not-found page', async () => {
    const manifest = (await readLiveManifest(ctx.storage, siteId))!;
    const pages = Object.entries(manifest.files).filter(([, file]) => file.contentType.startsWith('text/html'));
    expect(pages.map(([path]) => path)).toEqual(expect.arrayContaining(['index.html', 'en/index.html', 'B1/index.html', 'forms/index.html', 'contact/index.html', 'register/index.html', '404.html']));
    const problems: string[] = [];
    for (const [path, file] of pages) {
      const stored = (await ctx.storage.get(objectKey(file.hash)))!;
      const html = new TextDecoder().decode(stored.body);
      const report = await validator.validateString(html, path);
      for (const result of report.results) for (const message of result.messages) problems.push(`${path} ${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
    expect(problems).toEqual([]);
  });
});
