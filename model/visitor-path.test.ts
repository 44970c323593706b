import { describe, expect, it } from 'vitest';
import type { Language } from './language.ts';
import { buildVisitorPath, customPathFileName, isCustomPathSlug, normalisePathPrefix, parseVisitorPath, publicFileName, VISITOR_SUB_PATHS } from './visitor-path.ts';
import type { SiteAddressing, VisitorTarget } from './visitor-path.ts';

const site: SiteAddressing = { siteId: 'abc', defaultLanguage: 'jp' };
const domain: SiteAddressing = { siteId: 'abc', defaultLanguage: 'jp', customDomain: true };
const prefixed: SiteAddressing = { siteId: 'abc', defaultLanguage: 'jp', customDomain: true, customPathPrefix: 'lp' };

function optionsOf(addr: SiteAddressing) {
  return {
    defaultLanguage: addr.defaultLanguage,
    ...(addr.customDomain === undefined ? {} : { customDomain: addr.customDomain }),
    ...(addr.customPathPrefix === undefined ? {} : { customPathPrefix: addr.customPathPrefix }),
  };
}

function expectedParse(addr: SiteAddressing, target: VisitorTarget) {
  return {
    ...(addr.customDomain ? {} : { siteId: addr.siteId }),
    lang: target.lang,
    position: target.position?.toUpperCase() ?? 'A1',
    ...(target.subPath === undefined ? {} : { subPath: target.subPath }),
    ...(target.customPath === undefined ? {} : { customPath: target.customPath }),
  };
}

const examples: [string, SiteAddressing, VisitorTarget, string][] = [
  ['default language, A1', site, { lang: 'jp', position: 'A1' }, '/sites/abc/'],
  ['other language, A1', site, { lang: 'en', position: 'A1' }, '/sites/abc/en/'],
  ['default language, B2', site, { lang: 'jp', position: 'B2' }, '/sites/abc/B2'],
  ['other language, B2', site, { lang: 'en', position: 'B2' }, '/sites/abc/en/B2'],
  ['no position', site, { lang: 'cn' }, '/sites/abc/cn/'],
  ['three-letter column, three-digit row', site, { lang: 'kr', position: 'AAA999' }, '/sites/abc/kr/AAA999'],
  ['custom domain, default language, A1', domain, { lang: 'jp', position: 'A1' }, '/'],
  ['custom domain, Korean, C1', domain, { lang: 'kr', position: 'C1' }, '/kr/C1'],
  ['custom domain with prefix, A1', prefixed, { lang: 'jp', position: 'A1' }, '/lp/'],
  ['custom domain with prefix, English B2', prefixed, { lang: 'en', position: 'B2' }, '/lp/en/B2'],
  ['prefix on the shared host', { ...site, customPathPrefix: '/lp/' }, { lang: 'en', position: 'B2' }, '/lp/sites/abc/en/B2'],
  ['nested prefix', { ...domain, customPathPrefix: 'a/b' }, { lang: 'jp', position: 'B2' }, '/a/b/B2'],
  ['custom path', site, { lang: 'en', customPath: 'spring-sale' }, '/sites/abc/en/spring-sale'],
  ['custom path, default language', site, { lang: 'jp', customPath: 'spring-sale' }, '/sites/abc/spring-sale'],
  ['custom path on a custom domain', prefixed, { lang: 'kr', customPath: 'sale-2025' }, '/lp/kr/sale-2025'],
  ['sub-path', site, { lang: 'en', subPath: 'contact' }, '/sites/abc/en/contact'],
  ['sub-path, default language', site, { lang: 'jp', subPath: 'contact' }, '/sites/abc/contact'],
  ['sub-path on a custom domain', domain, { lang: 'jp', subPath: 'register-success' }, '/register-success'],
  ['default language English', { siteId: 'abc', defaultLanguage: 'en' }, { lang: 'jp', position: 'A1' }, '/sites/abc/jp/'],
  ['uuid site id', { siteId: '0f8fad5b-d9cb-469f-a165-70867728950e', defaultLanguage: 'jp' }, { lang: 'jp', position: 'B1' }, '/sites/0f8fad5b-d9cb-469f-a165-70867728950e/B1'],
];

describe('buildVisitorPath and parseVisitorPath', () => {
  it.each(examples)('%s: builds %j and parses it back', (_name, addr, target, path) => {
    expect(buildVisitorPath(addr, target)).toBe(path);
    expect(parseVisitorPath(path, optionsOf(addr))).toEqual(expectedParse(addr, target));
  });

  it.each(VISITOR_SUB_PATHS)('round-trips sub-path %s in every language', (subPath) => {
    for (const lang of ['jp', 'en', 'cn', 'kr'] as const) {
      for (const addr of [site, domain, prefixed]) {
        const path = buildVisitorPath(addr, { lang, subPath });
        expect(path.endsWith(`/${subPath}`)).toBe(true);
        expect(parseVisitorPath(path, optionsOf(addr))).toEqual(expectedParse(addr, { lang, subPath }));
      }
    }
  });

  it('upper-cases a lower-case position when building', () => {
    expect(buildVisitorPath(site, { lang: 'en', position: 'b2' })).toBe('/sites/abc/en/B2');
  });

  it('lets a custom path stand in for the position and a sub-path win over both', () => {
    expect(buildVisitorPath(site, { lang: 'en', position: 'B2', customPath: 'spring-sale' })).toBe('/sites/abc/en/spring-sale');
    expect(buildVisitorPath(site, { lang: 'en', position: 'B2', customPath: 'spring-sale', subPath: 'login' })).toBe('/sites/abc/en/login');
  });

  it.each([
    ['a bad position', site, { lang: 'en', position: 'A0' }],
    ['a custom path that is a position code', site, { lang: 'en', customPath: 'b2' }],
    ['a custom path that is a language token', site, { lang: 'en', customPath: 'ja' }],
    ['a custom path with capitals', site, { lang: 'en', customPath: 'Spring' }],
    ['a site id with a slash', { siteId: 'a/b', defaultLanguage: 'jp' }, { lang: 'jp' }],
    ['an empty site id', { siteId: '', defaultLanguage: 'jp' }, { lang: 'jp' }],
    ['a prefix with a space', { ...domain, customPathPrefix: 'l p' }, { lang: 'jp' }],
    ['a prefix climbing up', { ...domain, customPathPrefix: '../x' }, { lang: 'jp' }],
  ] as [string, SiteAddressing, VisitorTarget][])('throws for %s', (_name, addr, target) => {
    expect(() => buildVisitorPath(addr, target)).toThrow(RangeError);
  });
});

describe('parseVisitorPath', () => {
  const jp = { defaultLanguage: 'jp' as Language };

  it.each([
    ['/sites/abc/JA/b2', 'jp', 'B2'],
    ['/sites/abc/JP/', 'jp', 'A1'],
    ['/sites/abc/ja', 'jp', 'A1'],
    ['/sites/abc/KR/c1', 'kr', 'C1'],
    ['/sites/abc/Kr/C1/', 'kr', 'C1'],
    ['/sites/abc/CN/aa10', 'cn', 'AA10'],
    ['/sites/abc/En/B2', 'en', 'B2'],
    ['/sites/abc/zh/', 'cn', 'A1'],
  ] as const)('reads language and position tokens case-insensitively in %s', (path, lang, position) => {
    expect(parseVisitorPath(path, jp)).toEqual({ siteId: 'abc', lang, position });
  });

  it.each([
    ['/sites/abc', { siteId: 'abc', lang: 'jp', position: 'A1' }],
    ['/sites/abc/', { siteId: 'abc', lang: 'jp', position: 'A1' }],
    ['/sites/abc/index.html', { siteId: 'abc', lang: 'jp', position: 'A1' }],
    ['/sites/abc/en/index.html', { siteId: 'abc', lang: 'en', position: 'A1' }],
    ['/sites/abc/B2/', { siteId: 'abc', lang: 'jp', position: 'B2' }],
    ['/sites/abc/en/B2/index.html', { siteId: 'abc', lang: 'en', position: 'B2' }],
    ['/sites/abc/en/contact/', { siteId: 'abc', lang: 'en', position: 'A1', subPath: 'contact' }],
    ['/sites/abc/en/B2?utm_source=x#top', { siteId: 'abc', lang: 'en', position: 'B2' }],
  ])('treats a trailing slash and index.html as the folder: %s', (path, expected) => {
    expect(parseVisitorPath(path, jp)).toEqual(expected);
  });

  it('reads custom-domain paths without a site id', () => {
    expect(parseVisitorPath('/', { ...jp, customDomain: true })).toEqual({ lang: 'jp', position: 'A1' });
    expect(parseVisitorPath('/index.html', { ...jp, customDomain: true })).toEqual({ lang: 'jp', position: 'A1' });
    expect(parseVisitorPath('/KR/c1', { ...jp, customDomain: true })).toEqual({ lang: 'kr', position: 'C1' });
  });

  it('requires the prefix when the site has one, in either spelling', () => {
    const opts = { ...jp, customDomain: true, customPathPrefix: '/lp/' };
    expect(parseVisitorPath('/lp/en/B2', opts)).toEqual({ lang: 'en', position: 'B2' });
    expect(parseVisitorPath('/lp', opts)).toEqual({ lang: 'jp', position: 'A1' });
    expect(parseVisitorPath('/en/B2', opts)).toBeNull();
    expect(parseVisitorPath('/LP/en/B2', opts)).toBeNull();
  });

  it.each([
    '',
    'sites/abc/',
    '/sites',
    '/sites/',
    '/site/abc/',
    '/other/abc/',
    '/sites/abc/fr/B2',
    '/sites/abc/en/B2/extra',
    '/sites/abc/en/contact/x',
    '/sites/abc/B2/en',
    '/sites/abc/en/en',
    '/sites/abc/en/jp/',
    '/sites/abc//B2',
    '/sites/abc/A0',
    '/sites/abc/A01',
    '/sites/abc/AAAA1',
    '/sites/abc/Spring-Sale',
    '/sites/abc/spring_sale',
    '/sites/abc/Contact',
    '/sites/abc/..',
    '/sites/abc/en/%E0%A4%A',
    '/sites/a%2Fb/',
    '/sites/abc/index.htm',
    '/lp/sites/abc/',
  ])('refuses %j', (path) => {
    expect(parseVisitorPath(path, jp)).toBeNull();
  });

  it('refuses a shared-host path on a custom domain', () => {
    expect(parseVisitorPath('/sites/abc/', { ...jp, customDomain: true })).toBeNull();
  });
});

describe('isCustomPathSlug', () => {
  it.each(['spring-sale', 'sale2025', 'a', '2025', 'x-1'])('accepts %j', (slug) => {
    expect(isCustomPathSlug(slug)).toBe(true);
  });

  it.each(['', 'b2', 'ab12', 'en', 'ja', 'zh', 'ko', 'contact', 'form-success', 'sites', 'site', '-sale', 'Spring', 'a_b', 'a/b', 'a'.repeat(61)])('refuses %j', (slug) => {
    expect(isCustomPathSlug(slug)).toBe(false);
  });
});

describe('normalisePathPrefix', () => {
  it.each([
    [undefined, ''],
    ['', ''],
    ['/', ''],
    ['lp', '/lp'],
    ['/lp/', '/lp'],
    ['a/b/', '/a/b'],
  ])('normalises %j to %j', (prefix, expected) => {
    expect(normalisePathPrefix(prefix)).toBe(expected);
  });
});

describe('publicFileName', () => {
  it.each([
    ['jp', 'jp', 'A1', 'index.html'],
    ['en', 'jp', 'A1', 'en/index.html'],
    ['jp', 'jp', 'B2', 'B2/index.html'],
    ['en', 'jp', 'B2', 'en/B2/index.html'],
    ['en', 'jp', 'b2', 'en/B2/index.html'],
    ['jp', 'en', 'A1', 'jp/index.html'],
  ] as const)('places (%s, default %s, %s) at %s', (lang, defaultLanguage, position, file) => {
    expect(publicFileName(lang, defaultLanguage, position)).toBe(file);
  });

  it('names the file a static host serves for the visitor path', () => {
    for (const lang of ['jp', 'en'] as const) {
      for (const position of ['A1', 'B2', 'AB12']) {
        const path = buildVisitorPath(site, { lang, position });
        const file = `/sites/abc/${publicFileName(lang, 'jp', position)}`;
        expect(file.replace(/index\.html$/, '')).toBe(path.endsWith('/') ? path : `${path}/`);
        expect(parseVisitorPath(file, { defaultLanguage: 'jp' })).toEqual(parseVisitorPath(path, { defaultLanguage: 'jp' }));
      }
    }
  });

  it('throws for an invalid position', () => {
    expect(() => publicFileName('jp', 'jp', 'A0')).toThrow(RangeError);
  });
});

describe('customPathFileName', () => {
  it("places a page's custom path beside its position, under the language folder", () => {
    expect(customPathFileName('jp', 'jp', 'spring-sale')).toBe('spring-sale/index.html');
    expect(customPathFileName('en', 'jp', 'spring-sale')).toBe('en/spring-sale/index.html');
  });

  it('refuses what is not a custom path slug', () => {
    expect(() => customPathFileName('jp', 'jp', '../x')).toThrow(RangeError);
  });
});
