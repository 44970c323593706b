import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteView } from '../../model/site-view.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

type PageView = SiteView['creatives'][number]['pages'][number];

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

async function getSite(id: string, lang?: string): Promise<SiteView> {
  const response = await ctx.request(`/api/site/${id}${lang ? `?lang=${lang}` : ''}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SiteView;
}

function pageAt(view: SiteView, position: string): PageView {
  const page = view.creatives.flatMap((creative) => creative.pages).find((p) => p.position === position);
  if (!page) throw new Error(`no page at ${position}`);
  return page;
}

async function expectRefusal(response: Response, status: number, message: RegExp): Promise<void> {
  const body = (await response.json()) as { message: unknown };
  expect({ status: response.status, message: body.message }).toEqual({ status, message: expect.stringMatching(message) });
}

const PAGE_WITH_EVERYTHING = {
  detail: { mainText: '春の新作', price: '¥3,000', mainTextColor: '#112233', linkButtonText: '購入', linkDestinationUrl: 'https://example.com/buy' },
  buttons: [{ id: 'b1', buttonType: 'text', buttonText: '詳しく', buttonLinkType: 'external', linkDestinationUrl: 'https://example.com/', buttonShape: 'square', buttonPositionTop: 500 }],
  links: [{ id: 'l1', linkType: 'page', linkDestinationUrl: '3', positionLeft: 10, positionTop: 20, width: 80, height: 40 }],
  products: [{ id: 'p1', productName: 'シャツ', price: '¥2,000', description: '綿100%', linkButtonUrl: 'https://example.com/shirt', linkButtonText: '買う' }],
};

describe('drafts: create, list, read, update, delete', () => {
  it('creates a site with its whole grid of empty pages and lists it', async () => {
    const response = await ctx.request('/api/site', { method: 'POST', json: { name: 'Summer sale', numberHorizontal: 3, numberVertical: 4, defaultLanguage: 'jp', languages: ['jp', 'en'] } });
    expect(response.status).toBe(201);
    const view = (await response.json()) as SiteView;
    expect(view).toMatchObject({
      status: 'draft',
      lang: 'jp',
      liveVersion: null,
      settings: { name: 'Summer sale', numberHorizontal: 3, numberVertical: 4, defaultLanguage: 'jp', languages: ['jp', 'en'] },
    });
    expect(view.creatives.map((creative) => creative.letters)).toEqual(['A', 'B', 'C']);
    expect(view.creatives.flatMap((creative) => creative.pages.map((page) => page.position))).toEqual(['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4']);
    for (const page of view.creatives.flatMap((creative) => creative.pages)) {
      expect(page).toMatchObject({ detail: { imageUrl: '', mainText: '' }, buttons: [], links: [], products: [] });
    }

    const list = await ctx.request('/api/site');
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ sites: [expect.objectContaining({ id: view.id, name: 'Summer sale', status: 'draft', numberHorizontal: 3, numberVertical: 4, liveVersion: null })] });
  });

  it("lists each site with its home page's address on its own origin, after its path prefix", async () => {
    const view = await ctx.createSite({ name: 'Addressed' });
    const listed = async () => ((await (await ctx.request('/api/site')).json()) as { sites: { id: string; url: string }[] }).sites.find((site) => site.id === view.id)!.url;
    expect(await listed()).toBe(`${await ctx.originOf(view.id)}/`);
    expect((await ctx.request(`/api/site/${view.id}`, { method: 'PUT', json: { customPathPrefix: '/lp' } })).status).toBe(200);
    expect(await listed()).toBe(`${await ctx.originOf(view.id)}/lp/`);
  });

  it('adds the default language to the languages when the create request leaves it out', async () => {
    const view = await ctx.createSite({ defaultLanguage: 'en', languages: ['kr'] });
    expect(view.settings).toMatchObject({ defaultLanguage: 'en', languages: ['en', 'kr'] });
    const japaneseByDefault = await ctx.createSite({ defaultLanguage: undefined, languages: undefined });
    expect(japaneseByDefault.settings).toMatchObject({ defaultLanguage: 'jp', languages: ['jp'] });
  });

  it("reads a site with its settings, its categories and each page's detail, buttons, links and products", async () => {
    const created = await ctx.createSite();
    const b2 = pageAt(created, 'B2');
    await ctx.writePage(created.id, b2.id, 'jp', PAGE_WITH_EVERYTHING);

    const view = await getSite(created.id);
    expect(view.settings).toMatchObject({ name: 'Test site', swipeRedirection: true, displayPageCount: true, seo: { title: '' } });
    expect(view.creatives).toHaveLength(3);
    const page = pageAt(view, 'B2');
    expect(page).toMatchObject({
      id: b2.id,
      row: 2,
      detail: { mainText: '春の新作', price: '¥3,000', mainTextColor: '#112233', linkButtonColor: '#99D52A' },
      buttons: [{ id: 'b1', buttonText: '詳しく', buttonShape: 'square', buttonPositionTop: 500, buttonWidth: 120, buttonHeight: 40 }],
      links: [{ id: 'l1', linkType: 'page', linkDestinationUrl: '3', width: 80 }],
      products: [{ id: 'p1', productName: 'シャツ', coordinateX: 65, coordinateY: 260, linkButtonColor: '#2BAA50' }],
    });

    const put = await ctx.request(`/api/site/${created.id}/page/${b2.id}`, { method: 'PUT', json: PAGE_WITH_EVERYTHING });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ page: { id: b2.id, position: 'B2', products: [{ id: 'p1' }] } });
  });

  it('updates settings field by field, keeping what the request leaves out', async () => {
    const { id } = await ctx.createSite();
    const first = await ctx.request(`/api/site/${id}`, {
      method: 'PUT',
      json: { displayPageCount: false, globalMenuTextColor: 'rgb(10, 20, 30)', seo: { title: 'Spring', description: 'All of spring' } },
    });
    expect(first.status).toBe(200);
    const second = await ctx.request(`/api/site/${id}`, { method: 'PUT', json: { name: 'Renamed', seo: { h1: 'Heading' } } });
    expect(second.status).toBe(200);
    expect(((await second.json()) as SiteView).settings).toMatchObject({
      name: 'Renamed',
      displayPageCount: false,
      globalMenuTextColor: 'rgb(10, 20, 30)',
      seo: { title: 'Spring', description: 'All of spring', h1: 'Heading' },
    });
    expect((await getSite(id)).settings.name).toBe('Renamed');
    expect(((await (await ctx.request('/api/site')).json()) as { sites: { name: string }[] }).sites[0]!.name).toBe('Renamed');
  });

  it('keeps the analytics settings (cookieless counting, the events that count as conversions), defaulting to contact, form and registration', async () => {
    const { id } = await ctx.createSite();
    expect((await getSite(id)).settings.analytics).toEqual({ cookieless: false, conversionEvents: ['contact', 'form_submit', 'registration'] });
    const saved = await ctx.request(`/api/site/${id}`, { method: 'PUT', json: { analytics: { cookieless: true, conversionEvents: ['registration', 'click_phone'] } } });
    expect(saved.status).toBe(200);
    expect((await getSite(id)).settings.analytics).toEqual({ cookieless: true, conversionEvents: ['registration', 'click_phone'] });
    const refused = await ctx.request(`/api/site/${id}`, { method: 'PUT', json: { analytics: { conversionEvents: ['tap'] } } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { issues: { path: (string | number)[] }[] }).issues[0]!.path).toEqual(['analytics', 'conversionEvents', 0]);
  });

  it('keeps settings texts per language: an English SEO title does not replace the Japanese one', async () => {
    const { id } = await ctx.createSite();
    await ctx.request(`/api/site/${id}`, { method: 'PUT', json: { seo: { title: '春' } } });
    const english = await ctx.request(`/api/site/${id}?lang=en`, { method: 'PUT', json: { seo: { title: 'Spring' } } });
    expect(english.status).toBe(200);
    expect((await getSite(id, 'jp')).settings.seo.title).toBe('春');
    expect((await getSite(id, 'en')).settings.seo.title).toBe('Spring');
    expect((await getSite(id, 'EN')).lang).toBe('en');
  });

  it('falls back to the default language for a settings text sent blank in another language, and for texts not sent', async () => {
    const { id } = await ctx.createSite();
    await ctx.request(`/api/site/${id}`, { method: 'PUT', json: { seo: { title: '春', description: '春の説明' } } });
    await ctx.request(`/api/site/${id}?lang=en`, { method: 'PUT', json: { seo: { title: 'Spring' } } });
    expect((await getSite(id, 'en')).settings.seo).toMatchObject({ title: 'Spring', description: '春の説明' });
    await ctx.request(`/api/site/${id}?lang=en`, { method: 'PUT', json: { seo: { title: '  ' } } });
    expect((await getSite(id, 'en')).settings.seo.title).toBe('春');
    expect((await getSite(id, 'jp')).settings.seo.title).toBe('春');
  });

  it('deletes a site: it leaves the list, reads 404, and its published pages go off the air', async () => {
    const { id } = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const keep = await ctx.createSite({ name: 'Kept' });
    await ctx.publish(id);
    const host = new URL(await ctx.originOf(id)).host;
    expect((await ctx.visit('/', { headers: { host } })).status).toBe(200);

    const response = await ctx.request(`/api/site/${id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect((await ctx.request(`/api/site/${id}`)).status).toBe(404);
    expect((await ctx.request(`/api/site/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect(((await (await ctx.request('/api/site')).json()) as { sites: { id: string }[] }).sites.map((s) => s.id)).toEqual([keep.id]);
    expect((await ctx.visit('/', { headers: { host } })).status).toBe(404);
    expect(await ctx.storage.head(`handles/${host.split('.')[0]}.json`)).toBeNull();
    const left: string[] = [];
    for await (const info of ctx.storage.list(`sites/${id}/`)) left.push(info.key);
    expect(left).toEqual([]);
    expect((await getSite(keep.id)).settings.name).toBe('Kept');
  });
});

describe('validation answers 400 with a message naming the field', () => {
  const valid = { name: 'Shop', numberHorizontal: 2, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp', 'en'] };

  it.each([
    ['the name is missing', { ...valid, name: undefined }, /name/],
    ['the name is blank', { ...valid, name: '   ' }, /name: Please enter all required fields\./],
    ['the name is longer than 50 characters', { ...valid, name: 'x'.repeat(51) }, /name/],
    ['rows are 0', { ...valid, numberVertical: 0 }, /numberVertical: Rows or columns cannot be 0\./],
    ['rows are 101', { ...valid, numberVertical: 101 }, /numberVertical: Rows cannot exceed 100\./],
    ['columns are 0', { ...valid, numberHorizontal: 0 }, /numberHorizontal: Rows or columns cannot be 0\./],
    ['rows are not a whole number', { ...valid, numberVertical: 2.5 }, /numberVertical/],
    ['rows are a string', { ...valid, numberVertical: '4' }, /numberVertical/],
    ['a language is unknown', { ...valid, languages: ['jp', 'fr'] }, /languages/],
    ['the default language is unknown', { ...valid, defaultLanguage: 'de' }, /defaultLanguage/],
  ])('creating a site when %s', async (_case, body, message) => {
    await expectRefusal(await ctx.request('/api/site', { method: 'POST', json: body }), 400, message);
    expect(await (await ctx.request('/api/site')).json()).toEqual({ sites: [] });
  });

  it.each([
    ['the languages leave out the default', { languages: ['en'] }, /languages: Languages must include the default language\./],
    ['the default language is not among the languages', { defaultLanguage: 'kr', languages: ['jp', 'en'] }, /languages/],
    ['a language is unknown', { languages: ['jp', 'xx'] }, /languages/],
    ['a colour is not a colour', { globalMenuTextColor: 'red' }, /globalMenuTextColor: Invalid colour\./],
    ['a colour is a number', { safeAreaColor: 123 }, /safeAreaColor/],
    ['the SEO title is longer than 60 characters', { seo: { title: 'x'.repeat(61) } }, /seo\.title/],
    ['the name is blank', { name: '' }, /name/],
    ['a social link has an unknown type', { sns: [{ snsType: 'myspace', snsUrl: 'https://example.com' }] }, /sns\.0\.snsType/],
    ['the grid is changed through the settings', { numberVertical: 5 }, /grid/],
  ])('updating settings when %s', async (_case, body, message) => {
    const { id } = await ctx.createSite();
    const before = await getSite(id);
    await expectRefusal(await ctx.request(`/api/site/${id}`, { method: 'PUT', json: body }), 400, message);
    expect(await getSite(id)).toEqual(before);
  });

  it.each([
    ['a button has an unknown shape', { buttons: [{ id: 'b1', buttonShape: 'circle' }] }, /buttons\.0\.buttonShape/],
    ['a button has no id', { buttons: [{ buttonText: 'Go' }] }, /buttons\.0\.id/],
    ['two buttons share an id', { buttons: [{ id: 'b1' }, { id: 'b1' }] }, /buttons\.1\.id: Duplicate id\./],
    ['buttons are not a list', { buttons: { id: 'b1' } }, /buttons/],
    ['a button links to a javascript: URL', { buttons: [{ id: 'b1', buttonLinkType: 'external', linkDestinationUrl: 'javascript:alert(1)' }] }, /buttons\.0\.linkDestinationUrl/],
    ['a link area leads to a page that is not a number', { links: [{ id: 'l1', linkType: 'page', linkDestinationUrl: 'B2' }] }, /links\.0\.linkDestinationUrl: Enter a page number\./],
    ['the main text colour is bad', { detail: { mainTextColor: '#12345' } }, /detail\.mainTextColor: Invalid colour\./],
    ['the image URL climbs out of its folder', { detail: { imageUrl: '../../uploads/abc' } }, /detail\.imageUrl/],
    ['a product price is not text', { products: [{ id: 'p1', price: 3000 }] }, /products\.0\.price/],
    // Items are placed on the reference viewport, 375 × 739 (V §9, B §9).
    ['a button is placed at 1e308', { buttons: [{ id: 'b1', buttonPositionLeft: 1e308 }] }, /^buttons\.0\.buttonPositionLeft: Must be at most 375\.$/],
    ['a button is placed at -1e308', { buttons: [{ id: 'b1', buttonPositionTop: -1e308 }] }, /^buttons\.0\.buttonPositionTop: Must be at least 0\.$/],
    ['a link area is placed below the viewport', { links: [{ id: 'l1', positionTop: 740 }] }, /^links\.0\.positionTop: Must be at most 739\.$/],
    ['a product is placed at 1e308', { products: [{ id: 'p1', coordinateY: 1e308 }] }, /^products\.0\.coordinateY: Must be at most 739\.$/],
    ['a button is 1e308 wide', { buttons: [{ id: 'b1', buttonWidth: 1e308 }] }, /^buttons\.0\.buttonWidth: Must be at most 10000\.$/],
  ])('writing a page when %s', async (_case, body, message) => {
    const view = await ctx.createSite();
    const page = pageAt(view, 'A1');
    await ctx.writePage(view.id, page.id, 'jp', PAGE_WITH_EVERYTHING);
    const before = await getSite(view.id);
    await expectRefusal(await ctx.request(`/api/site/${view.id}/page/${page.id}?lang=jp`, { method: 'PUT', json: body }), 400, message);
    expect(await getSite(view.id)).toEqual(before);
  });

  it('refuses an unknown language and a language the site does not offer', async () => {
    const view = await ctx.createSite();
    const page = pageAt(view, 'A1');
    await expectRefusal(await ctx.request(`/api/site/${view.id}?lang=fr`), 400, /fr/);
    await expectRefusal(await ctx.request(`/api/site/${view.id}/page/${page.id}?lang=fr`, { method: 'PUT', json: {} }), 400, /fr/);
    await expectRefusal(await ctx.request(`/api/site/${view.id}/page/${page.id}?lang=kr`, { method: 'PUT', json: {} }), 400, /kr/);
    await expectRefusal(await ctx.request(`/api/site/${view.id}?lang=kr`, { method: 'PUT', json: { seo: { title: '제목' } } }), 400, /kr/);
  });

  it('refuses a body that is not JSON', async () => {
    const { id } = await ctx.createSite();
    await expectRefusal(await ctx.request('/api/site', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } }), 400, /JSON/);
    await expectRefusal(await ctx.request(`/api/site/${id}`, { method: 'PUT', body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400, /JSON/);
  });
});

describe('unknown sites and pages answer 404', () => {
  it('for every route of a site id that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/site/${missing}`],
      ['PUT', `/api/site/${missing}`, { name: 'x' }],
      ['DELETE', `/api/site/${missing}`],
      ['PUT', `/api/site/${missing}/grid`, { numberHorizontal: 1, numberVertical: 1 }],
      ['PUT', `/api/site/${missing}/page/${missing}`, {}],
      ['GET', `/api/site/${missing}/media/${missing}`],
      ['POST', `/api/site/${missing}/publish`],
      ['GET', `/api/site/${missing}/versions`],
      ['POST', `/api/site/${missing}/versions/1/rollback`],
    ];
    for (const [method, path, json] of calls) {
      await expectRefusal(await ctx.request(path, { method, json }), 404, /not found/i);
    }
  });

  it('for a page that does not exist or belongs to another site', async () => {
    const one = await ctx.createSite();
    const other = await ctx.createSite({ name: 'Other' });
    await expectRefusal(await ctx.request(`/api/site/${one.id}/page/no-such-page`, { method: 'PUT', json: { detail: { mainText: 'x' } } }), 404, /Page not found/);
    await expectRefusal(await ctx.request(`/api/site/${one.id}/page/${pageAt(other, 'A1').id}`, { method: 'PUT', json: { detail: { mainText: 'x' } } }), 404, /Page not found/);
    expect(pageAt(await getSite(other.id), 'A1').detail.mainText).toBe('');
  });

  it('for an unknown path under /api', async () => {
    await expectRefusal(await ctx.request('/api/no-such-thing'), 404, /Not found/);
  });
});

describe('writing a page in another language', () => {
  const japanese = {
    detail: { mainText: '日本語の本文', price: '¥1,000', mainTextX: 10 },
    buttons: [
      { id: 'b1', buttonLinkType: 'none', buttonText: '日本語のボタン', microcopyText: '今だけ', buttonPositionTop: 100, buttonColor: '#111111' },
      { id: 'b2', buttonLinkType: 'none', buttonText: '二つ目', buttonPositionTop: 200 },
    ],
  };

  it("keeps the Japanese texts, takes the structure from the edit, and seeds new items with the edit's text", async () => {
    const view = await ctx.createSite();
    const page = pageAt(view, 'A2');
    await ctx.writePage(view.id, page.id, 'jp', japanese);
    // The English editor moves b1, recolours it, drops b2 and adds b3.
    await ctx.writePage(view.id, page.id, 'en', {
      detail: { mainText: 'English body', price: '¥1,000', mainTextX: 30 },
      buttons: [
        { id: 'b1', buttonLinkType: 'none', buttonText: 'English button', microcopyText: 'Now only', buttonPositionTop: 150, buttonColor: '#222222' },
        { id: 'b3', buttonLinkType: 'none', buttonText: 'Brand new', buttonPositionTop: 300 },
      ],
    });

    const jp = pageAt(await getSite(view.id, 'jp'), 'A2');
    expect(jp.detail).toMatchObject({ mainText: '日本語の本文', mainTextX: 30 });
    expect(jp.buttons.map((b) => ({ id: b.id, text: b.buttonText, micro: b.microcopyText, top: b.buttonPositionTop, colour: b.buttonColor }))).toEqual([
      { id: 'b1', text: '日本語のボタン', micro: '今だけ', top: 150, colour: '#222222' },
      { id: 'b3', text: 'Brand new', micro: '', top: 300, colour: '#99D52A' },
    ]);

    const en = pageAt(await getSite(view.id, 'en'), 'A2');
    expect(en.detail).toMatchObject({ mainText: 'English body', mainTextX: 30 });
    expect(en.buttons.map((b) => [b.id, b.buttonText, b.microcopyText])).toEqual([
      ['b1', 'English button', 'Now only'],
      ['b3', 'Brand new', ''],
    ]);
  });

  it('keeps the English texts when the Japanese page is written again, and forgets those of removed items', async () => {
    const view = await ctx.createSite();
    const page = pageAt(view, 'C1');
    await ctx.writePage(view.id, page.id, 'jp', japanese);
    await ctx.writePage(view.id, page.id, 'en', {
      ...japanese,
      detail: { mainText: 'English body' },
      buttons: [
        { id: 'b1', buttonLinkType: 'none', buttonText: 'One' },
        { id: 'b2', buttonLinkType: 'none', buttonText: 'Two' },
      ],
    });

    // Japanese edit: new main text, b2 removed.
    await ctx.writePage(view.id, page.id, 'jp', { detail: { mainText: '書き直し' }, buttons: [japanese.buttons[0]] });
    let en = pageAt(await getSite(view.id, 'en'), 'C1');
    expect(en.detail.mainText).toBe('English body');
    expect(en.buttons.map((b) => [b.id, b.buttonText])).toEqual([['b1', 'One']]);

    // b2 comes back in Japanese: its old English text is gone, so English shows the Japanese.
    await ctx.writePage(view.id, page.id, 'jp', { detail: { mainText: '書き直し' }, buttons: [japanese.buttons[0], { id: 'b2', buttonLinkType: 'none', buttonText: '復活' }] });
    en = pageAt(await getSite(view.id, 'en'), 'C1');
    expect(en.buttons.map((b) => [b.id, b.buttonText])).toEqual([
      ['b1', 'One'],
      ['b2', '復活'],
    ]);
    expect(pageAt(await getSite(view.id, 'jp'), 'C1').detail.mainText).toBe('書き直し');
  });

  it('shows the Japanese texts in English until the page is written in English', async () => {
    const view = await ctx.createSite();
    const page = pageAt(view, 'B4');
    await ctx.writePage(view.id, page.id, 'jp', japanese);
    const en = pageAt(await getSite(view.id, 'en'), 'B4');
    expect(en.detail.mainText).toBe('日本語の本文');
    expect(en.buttons.map((b) => b.buttonText)).toEqual(['日本語のボタン', '二つ目']);
  });
});

describe('changing the grid', () => {
  async function resize(id: string, body: unknown) {
    return ctx.request(`/api/site/${id}/grid`, { method: 'PUT', json: body });
  }

  it('adds empty pages when it grows and keeps the existing ones', async () => {
    const view = await ctx.createSite();
    const a1 = pageAt(view, 'A1');
    await ctx.writePage(view.id, a1.id, 'jp', { detail: { mainText: '残る' } });
    const response = await resize(view.id, { numberHorizontal: 4, numberVertical: 5 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { addedPages: number; removedPages: number; site: SiteView };
    expect(body).toMatchObject({ addedPages: 20 - 12, removedPages: 0 });
    const after = await getSite(view.id);
    expect(after.settings).toMatchObject({ numberHorizontal: 4, numberVertical: 5 });
    expect(after.creatives.map((creative) => creative.pages.map((page) => page.position))).toEqual(['A', 'B', 'C', 'D'].map((letter) => [1, 2, 3, 4, 5].map((row) => `${letter}${row}`)));
    expect(pageAt(after, 'A1')).toMatchObject({ id: a1.id, detail: { mainText: '残る' } });
    expect(pageAt(after, 'D5')).toMatchObject({ detail: { mainText: '', imageUrl: '' }, buttons: [] });
    // The site is Japanese: the new column is named in its language.
    expect(after.creatives[3]!.name).toBe('カテゴリD');
  });

  it('refuses to drop pages with content, naming their positions, unless confirmed', async () => {
    const view = await ctx.createSite();
    await ctx.writePage(view.id, pageAt(view, 'C2').id, 'jp', { detail: { mainText: 'C2 has text' } });
    await ctx.writePage(view.id, pageAt(view, 'A4').id, 'jp', { buttons: [{ id: 'b1', buttonLinkType: 'none', buttonText: 'A4 has a button' }] });
    await ctx.writePage(view.id, pageAt(view, 'B1').id, 'jp', { detail: { mainText: 'B1 stays' } });
    const before = await getSite(view.id);

    await expectRefusal(await resize(view.id, { numberHorizontal: 2, numberVertical: 3 }), 400, /A4, C2/);
    expect(await getSite(view.id)).toEqual(before);
    await expectRefusal(await resize(view.id, { numberHorizontal: 2, numberVertical: 3, confirm: false }), 400, /confirm/);

    const confirmed = await resize(view.id, { numberHorizontal: 2, numberVertical: 3, confirm: true });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ removedPages: 6, addedPages: 0 });
    const after = await getSite(view.id);
    expect(after.creatives.flatMap((creative) => creative.pages.map((page) => page.position))).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
    expect(pageAt(after, 'B1').detail.mainText).toBe('B1 stays');
  });

  it('drops empty pages without asking', async () => {
    const view = await ctx.createSite();
    await ctx.writePage(view.id, pageAt(view, 'A1').id, 'jp', { detail: { mainText: 'kept' } });
    const response = await resize(view.id, { numberHorizontal: 1, numberVertical: 1 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ removedPages: 11, addedPages: 0 });
    const after = await getSite(view.id);
    expect(after.creatives.flatMap((creative) => creative.pages.map((page) => page.position))).toEqual(['A1']);
    expect(after.settings).toMatchObject({ numberHorizontal: 1, numberVertical: 1 });
  });

  it.each([
    [{ numberHorizontal: 0, numberVertical: 2 }, /numberHorizontal: Rows or columns cannot be 0\./],
    [{ numberHorizontal: 2, numberVertical: 101 }, /numberVertical: Rows cannot exceed 100\./],
    [{ numberHorizontal: 2 }, /numberVertical/],
    [{ numberHorizontal: 2, numberVertical: 2, confirm: 'yes' }, /confirm/],
  ])('refuses the grid %j', async (body, message) => {
    const { id } = await ctx.createSite();
    await expectRefusal(await resize(id, body), 400, message);
    expect((await getSite(id)).settings).toMatchObject({ numberHorizontal: 3, numberVertical: 4 });
  });
});

describe('malformed bodies', () => {
  function deep(depth: number): unknown {
    let value: unknown = { leaf: true };
    for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
    return value;
  }

  /** 50 bodies no write route should choke on: raw text is sent as is, anything else as JSON. */
  const BODIES: string[] = [
    '',
    '{',
    '}',
    '[',
    '{"name":',
    '{"a":1,}',
    "{'name':'x'}",
    'undefined',
    'NaN',
    '\u0000',
    '\uFEFF{}',
    'name=x&numberVertical=2',
    '[['.repeat(20_000) + ']]'.repeat(20_000),
    '{"__proto__":{"polluted":true},"name":5}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ].concat(
    [
      null,
      0,
      -1,
      1e308,
      true,
      'string',
      [],
      [1, 2, 3],
      [null],
      [{}],
      { name: null },
      { name: 123 },
      { name: ['a'] },
      { name: { a: 1 } },
      { name: 'x'.repeat(1_000_000) },
      { numberHorizontal: '3', numberVertical: '4', name: 'x' },
      { numberHorizontal: 1e9, numberVertical: 1e9, name: 'x' },
      { numberHorizontal: -1, numberVertical: 2.5 },
      { languages: 'jp' },
      { languages: [null] },
      { defaultLanguage: ['jp'] },
      { seo: null },
      { seo: [] },
      { seo: { title: 5 } },
      { seo: deep(1000) },
      { company: 'x' },
      { viewMode: 'TV' },
      { detail: 'x' },
      { detail: { imageUrl: 5 } },
      { detail: deep(1000) },
      { buttons: {} },
      { buttons: [1] },
      { buttons: [{ id: '' }] },
      { buttons: [{ id: 'x'.repeat(100) }] },
      { buttons: [{ id: 'a', buttonWidth: -5 }] },
    ].map((value) => JSON.stringify(value)),
  );

  it('has 50 bodies to send', () => {
    expect(BODIES).toHaveLength(50);
  });

  it('never answer 500 on any write route', async () => {
    const view = await ctx.createSite();
    const page = pageAt(view, 'A1');
    await ctx.writePage(view.id, page.id, 'jp', PAGE_WITH_EVERYTHING);
    const routes: [string, string][] = [
      ['POST', '/api/site'],
      ['PUT', `/api/site/${view.id}`],
      ['PUT', `/api/site/${view.id}?lang=en`],
      ['PUT', `/api/site/${view.id}/grid`],
      ['PUT', `/api/site/${view.id}/page/${page.id}?lang=jp`],
      ['PUT', `/api/site/${view.id}/page/${page.id}?lang=en`],
      ['POST', `/api/site/${view.id}/media`],
      ['POST', `/api/site/${view.id}/versions/1/rollback`],
      ['POST', '/api/auth/login'],
    ];
    const failures: string[] = [];
    for (const [method, path] of routes) {
      for (const raw of BODIES) {
        for (const contentType of ['application/json', 'text/plain']) {
          const response = await ctx.request(path, { method, body: raw, headers: { 'content-type': contentType } });
          if (response.status >= 500) failures.push(`${method} ${path} ${contentType} ${raw.slice(0, 60)} → ${response.status}`);
          else if (response.status >= 400) {
            const body = (await response.json()) as { message?: unknown };
            if (typeof body.message !== 'string' || body.message === '') failures.push(`${method} ${path} ${raw.slice(0, 60)} → no message`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Whatever the bodies did, the site still reads back whole.
    const after = await getSite(view.id);
    expect(after.creatives.flatMap((creative) => creative.pages)).toHaveLength(after.settings.numberHorizontal * after.settings.numberVertical);
  });
});
