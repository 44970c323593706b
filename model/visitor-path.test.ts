import { describe, expect, it } from 'vitest';
import type { Language } from './language.ts';
import { buildVisitorPath, customPathFileName, isCustomPathSlug, normalisePathPrefix, parseVisitorPath, publicFileName, VISITOR_SUB_PATHS } from './visitor-path.ts';
import type { SiteAddressing, VisitorTarget } from './visitor-path.ts';

// Every site is served at the root of its own origin ({handle}.{SITE_DOMAIN} or its custom domain).
const site: SiteAddressing = { defaultLanguage: 'jp' };
const prefixed: SiteAddressing = { defaultLanguage: 'jp', customPathPrefix: 'lp' };

function optionsOf(addr: SiteAddressing) {
  return { defaultLanguage: addr.defaultLanguage, ...(addr.customPathPrefix === undefined ? {} : { customPathPrefix: addr.customPathPrefix }) };
}

function expectedParse(target: VisitorTarget) {
  return {
    lang: target.lang,
    position: target.position?.toUpperCase() ?? 'A1',
    ...(target.subPath === undefined ? {} : { subPath: target.subPath }),
    ...(target.customPath === undefined ? {} : { customPath: target.customPath }),
  };
}

const examples: [string, SiteAddressing, VisitorTarget, string][] = [
  ['default language, A1', site, { lang: 'jp', position: 'A1' }, '/'],
  ['other language, A1', site, { lang: 'en', position: 'A1' }, '/en/'],
  ['default language, B2', site, { lang: 'jp', position: 'B2' }, '/B2'],
  ['other language, B2', site, { lang: 'en', position: 'B2' }, '/en/B2'],
  ['no position', site, { lang: 'cn' }, '/cn/'],
  ['three-letter column, three-digit row', site, { lang: 'kr', position: 'AAA999' }, '/kr/AAA999'],
  ['Korean, C1', site, { lang: 'kr', position: 'C1' }, '/kr/C1'],
  ['with prefix, A1', prefixed, { lang: 'jp', position: 'A1' }, '/lp/'],
  ['with prefix, English B2', prefixed, { lang: 'en', position: 'B2' }, '/lp/en/B2'],
  ['prefix written with slashes', { ...site, customPathPrefix: '/lp/' }, { lang: 'en', position: 'B2' }, '/lp/en/B2'],
  ['nested prefix', { ...site, customPathPrefix: 'a/b' }, { lang: 'jp', position: 'B2' }, '/a/b/B2'],
  ['custom path', site, { lang: 'en', customPath: 'spring-sale' }, '/en/spring-sale'],
  ['custom path, default language', site, { lang: 'jp', customPath: 'spring-sale' }, '/spring-sale'],
  ['custom path with prefix', prefixed, { lang: 'kr', customPath: 'sale-2025' }, '/lp/kr/sale-2025'],
  ['sub-path', site, { lang: 'en', subPath: 'contact' }, '/en/contact'],
  ['sub-path, default language', site, { lang: 'jp', subPath: 'register-success' }, '/register-success'],
  ['default language English', { defaultLanguage: 'en' }, { lang: 'jp', position: 'A1' }, '/jp/'],
];

describe('buildVisitorPath and parseVisitorPath', () => {
  it.each(examples)('%s: builds %j and parses it back', (_name, addr, target, path) => {
    expect(buildVisitorPath(addr, target)).toBe(path);
    expect(parseVisitorPath(path, optionsOf(addr))).toEqual(expectedParse(target));
  });

  it.each(VISITOR_SUB_PATHS)('round-trips sub-path %s in every language', (subPath) => {
    for (const lang of ['jp', 'en', 'cn', 'kr'] as const) {
      for (const addr of [site, prefixed]) {
        const path = buildVisitorPath(addr, { lang, subPath });
        expect(path.endsWith(`/${subPath}`)).toBe(true);
        expect(parseVisitorPath(path, optionsOf(addr))).toEqual(expectedParse({ lang, subPath }));
      }
    }
  });

  it('upper-cases a lower-case position when building', () => {
    expect(buildVisitorPath(site, { lang: 'en', position: 'b2' })).toBe('/en/B2');
  });

  it('lets a custom path stand in for the position and a sub-path win over both', () => {
    expect(buildVisitorPath(site, { lang: 'en', position: 'B2', customPath: 'spring-sale' })).toBe('/en/spring-sale');
    expect(buildVisitorPath(site, { lang: 'en', position: 'B2', customPath: 'spring-sale', subPath: 'login' })).toBe('/en/login');
  });

  it.each([
    ['a bad position', site, { lang: 'en', position: 'A0' }],
    ['a custom path that is a position code', site, { lang: 'en', customPath: 'b2' }],
    ['a custom path that is a language token', site, { lang: 'en', customPath: 'ja' }],
    ['a custom path with capitals', site, { lang: 'en', customPath: 'Spring' }],
    ['a prefix with a space', { ...site, customPathPrefix: 'l p' }, { lang: 'jp' }],
    ['a prefix climbing up', { ...site, customPathPrefix: '../x' }, { lang: 'jp' }],
  ] as [string, SiteAddressing, VisitorTarget][])('throws for %s', (_name, addr, target) => {
    expect(() => buildVisitorPath(addr, target)).toThrow(RangeError);
  });
});

describe('parseVisitorPath', () => {
  const jp = { defaultLanguage: 'jp' as Language };

  it.each([
    ['/JA/b2', 'jp', 'B2'],
    ['/JP/', 'jp', 'A1'],
    ['/ja', 'jp', 'A1'],
    ['/KR/c1', 'kr', 'C1'],
    ['/Kr/C1/', 'kr', 'C1'],
    ['/CN/aa10', 'cn', 'AA10'],
    ['/En/B2', 'en', 'B2'],
    ['/zh/', 'cn', 'A1'],
  ] as const)('reads language and position tokens case-insensitively in %s', (path, lang, position) => {
    expect(parseVisitorPath(path, jp)).toEqual({ lang, position });
  });

  it.each([
    ['/', { lang: 'jp', position: 'A1' }],
    ['/index.html', { lang: 'jp', position: 'A1' }],
    ['/en/index.html', { lang: 'en', position: 'A1' }],
    ['/B2/', { lang: 'jp', position: 'B2' }],
    ['/en/B2/index.html', { lang: 'en', position: 'B2' }],
    ['/en/contact/', { lang: 'en', position: 'A1', subPath: 'contact' }],
    ['/en/B2?utm_source=x#top', { lang: 'en', position: 'B2' }],
  ])('treats a trailing slash and index.html as the folder: %s', (path, expected) => {
    expect(parseVisitorPath(path, jp)).toEqual(expected);
  });

  it('requires the prefix when the site has one, in either spelling', () => {
    const opts = { ...jp, customPathPrefix: '/lp/' };
    expect(parseVisitorPath('/lp/en/B2', opts)).toEqual({ lang: 'en', position: 'B2' });
    expect(parseVisitorPath('/lp', opts)).toEqual({ lang: 'jp', position: 'A1' });
    expect(parseVisitorPath('/en/B2', opts)).toBeNull();
    expect(parseVisitorPath('/LP/en/B2', opts)).toBeNull();
  });

  it.each([
    '',
    'en/',
    '/fr/B2',
    '/en/B2/extra',
    '/en/contact/x',
    '/B2/en',
    '/en/en',
    '/en/jp/',
    '//B2',
    '/A0',
    '/A01',
    '/AAAA1',
    '/Spring-Sale',
    '/spring_sale',
    '/Contact',
    '/..',
    '/en/%E0%A4%A',
    '/index.htm',
    // The shared host's entry form is not a path of the site's own origin.
    '/sites/abc/',
    '/sites/abc/en/B2',
  ])('refuses %j', (path) => {
    expect(parseVisitorPath(path, jp)).toBeNull();
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

  it('answers the same the second time, and refuses an unsafe prefix every time it is asked', () => {
    expect(normalisePathPrefix('/shop//spring/')).toBe('/shop/spring');
    expect(normalisePathPrefix('/shop//spring/')).toBe('/shop/spring');
    expect(() => normalisePathPrefix('/../x')).toThrow(RangeError);
    expect(() => normalisePathPrefix('/../x')).toThrow(RangeError);
  });

  it('still normalises right after more prefixes than it remembers', () => {
    for (let index = 0; index < 600; index++) expect(normalisePathPrefix(`p${index}/`)).toBe(`/p${index}`);
    expect(normalisePathPrefix('p0/')).toBe('/p0');
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
        const file = `/${publicFileName(lang, 'jp', position)}`;
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
