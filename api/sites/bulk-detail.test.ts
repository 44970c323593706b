import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteView } from '../../model/site-view.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let site: SiteView;

beforeEach(async () => {
  ctx = await createTestContext();
  site = await ctx.createSite({ numberHorizontal: 2, numberVertical: 2 });
});

afterEach(async () => {
  await ctx.cleanup();
});

const pagesOf = (view: SiteView) => view.creatives.flatMap((creative) => creative.pages);
const byPosition = (view: SiteView, position: string) => pagesOf(view).find((page) => page.position === position)!;
const bulk = (body: unknown, lang = '') => ctx.request(`/api/site/${site.id}/pages/detail${lang ? `?lang=${lang}` : ''}`, { method: 'PUT', json: body });

describe('bulk detail settings', () => {
  it('sets colours, the arrow, the link button, SNS and company toggles and the lock on the chosen pages only, in one request', async () => {
    const a1 = byPosition(site, 'A1');
    await ctx.writePage(site.id, a1.id, 'jp', { detail: { mainText: 'keep me', imageAlt: 'alt' } });
    const chosen = [a1.id, byPosition(site, 'B2').id];
    const patch = {
      mainTextColor: '#112233',
      priceTextColor: '#445566',
      hoverArrowColor: 'black',
      arrowFadeInterval: 3,
      linkButtonText: '詳しく',
      linkDestinationUrl: 'https://example.com/buy',
      isInternalLink: false,
      linkButtonColor: '#ff0000',
      linkTextColor: '#00ff00',
      showSns: true,
      showCompany: true,
      membersOnlyLock: true,
    };
    const response = await bulk({ pageIds: chosen, patch });
    expect(response.status).toBe(200);
    const { site: view } = (await response.json()) as { site: SiteView };
    for (const position of ['A1', 'B2']) {
      const page = byPosition(view, position);
      expect(page.detail).toMatchObject({
        mainTextColor: '#112233',
        priceTextColor: '#445566',
        hoverArrowColor: 'black',
        arrowFadeInterval: 3,
        linkButtonText: '詳しく',
        linkDestinationUrl: 'https://example.com/buy',
        linkButtonColor: '#ff0000',
        linkTextColor: '#00ff00',
      });
      expect(page).toMatchObject({ showCompany: true, membersOnlyLock: true, snsConfig: { display: true } });
    }
    expect(byPosition(view, 'A1').detail).toMatchObject({ mainText: 'keep me', imageAlt: 'alt' });
    for (const position of ['A2', 'B1']) expect(byPosition(view, position)).toMatchObject({ membersOnlyLock: false, showCompany: false, detail: { mainTextColor: '#FFFFFF' } });
  });

  it('changes only the fields given', async () => {
    const a1 = byPosition(site, 'A1');
    await bulk({ pageIds: [a1.id], patch: { linkButtonColor: '#123456' } });
    const { site: view } = (await (await bulk({ pageIds: [a1.id], patch: { membersOnlyLock: true } })).json()) as { site: SiteView };
    expect(byPosition(view, 'A1')).toMatchObject({ membersOnlyLock: true, detail: { linkButtonColor: '#123456', mainTextColor: '#FFFFFF' } });
  });

  it('refuses the whole change when a value is invalid or a page is not of the site, writing nothing', async () => {
    const ids = pagesOf(site).map((page) => page.id);
    const badColour = await bulk({ pageIds: ids, patch: { mainTextColor: 'not a colour', membersOnlyLock: true } });
    expect(badColour.status).toBe(400);
    expect(await badColour.json()).toMatchObject({ key: 'invalidColour' });
    const badLink = await bulk({ pageIds: ids, patch: { linkDestinationUrl: 'javascript:alert(1)', membersOnlyLock: true } });
    expect(badLink.status).toBe(400);
    const other = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const foreign = await bulk({ pageIds: [ids[0], pagesOf(other)[0]!.id], patch: { membersOnlyLock: true } });
    expect(foreign.status).toBe(404);
    const view = (await (await ctx.request(`/api/site/${site.id}`)).json()) as SiteView;
    expect(pagesOf(view).map((page) => page.membersOnlyLock)).toEqual([false, false, false, false]);
  });

  it('writes the link button text in the language edited, leaving the default language’s', async () => {
    await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { languages: ['jp', 'en'] } });
    const a1 = byPosition(site, 'A1');
    await bulk({ pageIds: [a1.id], patch: { linkButtonText: '購入' } }, 'jp');
    const { site: en } = (await (await bulk({ pageIds: [a1.id], patch: { linkButtonText: 'Buy' } }, 'en')).json()) as { site: SiteView };
    expect(byPosition(en, 'A1').detail.linkButtonText).toBe('Buy');
    const jp = (await (await ctx.request(`/api/site/${site.id}?lang=jp`)).json()) as SiteView;
    expect(byPosition(jp, 'A1').detail.linkButtonText).toBe('購入');
  });
});
