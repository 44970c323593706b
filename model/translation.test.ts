import { describe, expect, it } from 'vitest';
import { pageContentSchema, type PageContent, type PageContentInput } from './page.ts';
import { applyPageText, applySiteText, extractPageText, extractSiteText, pruneTranslations, resolvePageText, translationsSchema, writePageInLanguage, type Translations } from './translation.ts';

const page = (input: PageContentInput): PageContent => pageContentSchema.parse(input);

const base = page({
  detail: { mainText: '本文', price: '¥1,000', linkButtonText: '購入', imageAlt: '写真', mainTextColor: '#123456', linkDestinationUrl: 'https://example.com/buy' },
  buttons: [
    { id: 'b1', buttonText: 'ボタン', microcopyText: '今だけ', buttonColor: '#111111', buttonPositionTop: 100 },
    { id: 'b2', buttonType: 'html', buttonContentHtml: '<b>太字</b>' },
  ],
  links: [{ id: 'l1', linkType: 'page', linkDestinationUrl: '2' }],
  products: [{ id: 'p1', productName: 'シャツ', description: '綿', price: '¥2,000', linkButtonText: '買う', linkButtonUrl: 'https://example.com/p1' }],
});

describe('extractPageText', () => {
  it('keys every text of the page by its path, items by their id', () => {
    expect(extractPageText(base)).toEqual({
      'detail.mainText': '本文',
      'detail.price': '¥1,000',
      'detail.linkButtonText': '購入',
      'detail.imageAlt': '写真',
      'buttons.b1.buttonText': 'ボタン',
      'buttons.b1.microcopyText': '今だけ',
      'buttons.b1.buttonContentHtml': '',
      'buttons.b2.buttonText': '',
      'buttons.b2.microcopyText': '',
      'buttons.b2.buttonContentHtml': '<b>太字</b>',
      'products.p1.productName': 'シャツ',
      'products.p1.description': '綿',
      'products.p1.price': '¥2,000',
      'products.p1.linkButtonText': '買う',
    });
  });

  it('leaves out colours, URLs, positions and link areas, which every language shares', () => {
    const keys = Object.keys(extractPageText(base));
    expect(keys.some((key) => /Color|Url|Position|^links\./.test(key))).toBe(false);
  });

  it('keeps empty texts: an empty translation is a choice', () => {
    expect(extractPageText(page({}))).toEqual({ 'detail.mainText': '', 'detail.price': '', 'detail.linkButtonText': '', 'detail.imageAlt': '' });
  });
});

describe('applyPageText', () => {
  it("puts the overlay's texts in place and keeps everything else", () => {
    const english = applyPageText(base, { 'detail.mainText': 'Body', 'buttons.b1.buttonText': 'Button', 'products.p1.productName': 'Shirt' });
    expect(english.detail).toEqual({ ...base.detail, mainText: 'Body' });
    expect(english.buttons[0]).toEqual({ ...base.buttons[0], buttonText: 'Button' });
    expect(english.buttons[1]).toEqual(base.buttons[1]);
    expect(english.products[0]).toEqual({ ...base.products[0], productName: 'Shirt' });
    expect(english.links).toEqual(base.links);
  });

  it('ignores texts of items the page does not have and does not touch its input', () => {
    const copy = structuredClone(base);
    const result = applyPageText(base, { 'buttons.gone.buttonText': 'Lost', 'detail.mainText': 'Body' });
    expect(result.buttons).toEqual(base.buttons);
    expect(base).toEqual(copy);
  });

  it('returns the page itself for no overlay or an empty one', () => {
    expect(applyPageText(base, undefined)).toBe(base);
    expect(applyPageText(base, {})).toBe(base);
  });

  it('round-trips with extractPageText', () => {
    const blank = applyPageText(base, Object.fromEntries(Object.keys(extractPageText(base)).map((key) => [key, ''])));
    expect(applyPageText(blank, extractPageText(base))).toEqual(base);
  });
});

describe('resolvePageText', () => {
  const translations: Translations = { en: { 'detail.mainText': 'Body' } };

  it('shows the default language the base as it is', () => {
    expect(resolvePageText(base, translations, 'jp', 'jp')).toBe(base);
  });

  it('shows another language its texts over the base', () => {
    expect(resolvePageText(base, translations, 'en', 'jp').detail.mainText).toBe('Body');
  });

  it("falls back to the default language's texts where a language has none", () => {
    const english = resolvePageText(base, translations, 'en', 'jp');
    expect(english.detail.price).toBe('¥1,000');
    expect(english.buttons[0]!.buttonText).toBe('ボタン');
    expect(resolvePageText(base, translations, 'kr', 'jp')).toEqual(base);
  });
});

describe('writePageInLanguage', () => {
  it('in the default language makes the edit the base, dropping translations of removed items', () => {
    const translations: Translations = { en: { 'detail.mainText': 'Body', 'buttons.b1.buttonText': 'Button', 'buttons.b2.buttonText': 'Second' } };
    const edit = page({ detail: { mainText: '新しい本文' }, buttons: [{ id: 'b1', buttonText: '新しいボタン' }] });
    const next = writePageInLanguage(base, translations, edit, 'jp', 'jp');
    expect(next.base).toBe(edit);
    expect(next.translations).toEqual({ en: { 'detail.mainText': 'Body', 'buttons.b1.buttonText': 'Button' } });
  });

  it("in another language keeps the base texts, takes the structure from the edit and stores the edit's texts as that language's", () => {
    const edit = page({
      detail: { mainText: 'Body', price: '$10', mainTextColor: '#abcdef' },
      buttons: [{ id: 'b1', buttonText: 'Button', microcopyText: 'Now', buttonColor: '#222222', buttonPositionTop: 300 }],
      links: [],
      products: base.products.map((product) => ({ ...product, productName: 'Shirt' })),
    });
    const next = writePageInLanguage(base, {}, edit, 'en', 'jp');

    // Structure from the edit: colours, positions, which items exist.
    expect(next.base.detail.mainTextColor).toBe('#abcdef');
    expect(next.base.buttons.map((button) => [button.id, button.buttonColor, button.buttonPositionTop])).toEqual([['b1', '#222222', 300]]);
    expect(next.base.links).toEqual([]);
    // Texts of the base.
    expect(next.base.detail).toMatchObject({ mainText: '本文', price: '¥1,000' });
    expect(next.base.buttons[0]).toMatchObject({ buttonText: 'ボタン', microcopyText: '今だけ' });
    expect(next.base.products[0]!.productName).toBe('シャツ');
    // The edit's texts as English; its blank ones are not translations.
    const written = Object.fromEntries(Object.entries(extractPageText(edit)).filter(([, text]) => text !== ''));
    expect(next.translations.en).toEqual(written);
    expect(resolvePageText(next.base, next.translations, 'en', 'jp')).toEqual(applyPageText(next.base, written));
  });

  it('treats a text left blank in another language as not translated: it falls back to the default language', () => {
    const translated = writePageInLanguage(base, {}, page({ ...base, detail: { ...base.detail, mainText: 'Body' } }), 'en', 'jp');
    expect(resolvePageText(translated.base, translated.translations, 'en', 'jp').detail.mainText).toBe('Body');
    const blanked = writePageInLanguage(translated.base, translated.translations, page({ ...base, detail: { ...base.detail, mainText: '  ' } }), 'en', 'jp');
    expect(blanked.translations.en?.['detail.mainText']).toBeUndefined();
    expect(resolvePageText(blanked.base, blanked.translations, 'en', 'jp').detail.mainText).toBe('本文');
  });

  it('seeds the base with the text of an item new in the edit, so other languages show something', () => {
    const edit = page({ ...base, buttons: [...base.buttons, { id: 'b3', buttonText: 'Added in English' }] });
    const next = writePageInLanguage(base, {}, edit, 'en', 'jp');
    expect(next.base.buttons.find((button) => button.id === 'b3')!.buttonText).toBe('Added in English');
    expect(resolvePageText(next.base, next.translations, 'kr', 'jp').buttons.find((button) => button.id === 'b3')!.buttonText).toBe('Added in English');
  });

  it("keeps the other languages' texts, dropping only those of items the edit removed", () => {
    const translations: Translations = { kr: { 'detail.mainText': '본문', 'buttons.b2.buttonText': '둘째' } };
    const edit = page({ detail: { mainText: 'Body' }, buttons: [{ id: 'b1', buttonText: 'Button' }] });
    const next = writePageInLanguage(base, translations, edit, 'en', 'jp');
    expect(next.translations.kr).toEqual({ 'detail.mainText': '본문' });
    expect(next.translations.en).toMatchObject({ 'detail.mainText': 'Body', 'buttons.b1.buttonText': 'Button' });
  });

  it('replaces what a language had with its new edit', () => {
    const first = writePageInLanguage(base, {}, page({ ...base, detail: { mainText: 'First' } }), 'en', 'jp');
    const second = writePageInLanguage(first.base, first.translations, page({ ...base, detail: { mainText: 'Second' } }), 'en', 'jp');
    expect(resolvePageText(second.base, second.translations, 'en', 'jp').detail.mainText).toBe('Second');
    expect(second.base.detail.mainText).toBe('本文');
  });
});

describe('pruneTranslations', () => {
  it('keeps detail texts always and item texts only for items the page still has, in every language', () => {
    const translations: Translations = {
      en: { 'detail.mainText': 'Body', 'buttons.b1.buttonText': 'One', 'buttons.zz.buttonText': 'Gone', 'products.p9.productName': 'Gone', nonsense: 'x' },
      kr: { 'detail.price': '₩', 'products.p1.productName': '셔츠' },
    };
    expect(pruneTranslations(translations, base)).toEqual({
      en: { 'detail.mainText': 'Body', 'buttons.b1.buttonText': 'One' },
      kr: { 'detail.price': '₩', 'products.p1.productName': '셔츠' },
    });
    expect(pruneTranslations(translations, page({}))).toEqual({ en: { 'detail.mainText': 'Body' }, kr: { 'detail.price': '₩' } });
  });
});

describe('translationsSchema', () => {
  it('defaults to no translations and refuses unknown languages and non-text values', () => {
    expect(translationsSchema.parse(undefined)).toEqual({});
    expect(translationsSchema.safeParse({ fr: {} }).success).toBe(false);
    expect(translationsSchema.safeParse({ en: { 'detail.mainText': 3 } }).success).toBe(false);
  });
});

describe('site texts', () => {
  const site = {
    seo: { title: 'タイトル', h1: '見出し', description: '説明', head: '<meta name="x">', body: '' },
    company: { companyWebsite: 'https://example.com', companyProfile: '会社', companyClause: '特商法', termsOfService: '規約', privacyPolicy: '方針', showInForm: true },
  };

  it('extracts SEO title, h1, description and the four company texts, not tags, URLs or switches', () => {
    expect(extractSiteText(site)).toEqual({
      'seo.title': 'タイトル',
      'seo.h1': '見出し',
      'seo.description': '説明',
      'company.companyProfile': '会社',
      'company.companyClause': '特商法',
      'company.termsOfService': '規約',
      'company.privacyPolicy': '方針',
    });
  });

  it("applies an overlay over the site's texts, leaving the rest", () => {
    const english = applySiteText(site, { 'seo.title': 'Title', 'company.privacyPolicy': 'Policy', 'seo.head': '<script>' });
    expect(english.seo).toEqual({ ...site.seo, title: 'Title' });
    expect(english.company).toEqual({ ...site.company, privacyPolicy: 'Policy' });
    expect(site.seo.title).toBe('タイトル');
    expect(applySiteText(site, undefined)).toBe(site);
  });
});
