import { htmlLang, type Language } from './language.ts';
import type { GridPage, SiteSnapshot } from './snapshot.ts';
import { buildVisitorPath } from './visitor-path.ts';

type Addressed = Pick<SiteSnapshot, 'origin' | 'defaultLanguage' | 'customPathPrefix'>;

/** A page's absolute address in a language: its custom path when it has one, else its position. */
export function pageUrl(site: Addressed, lang: Language, page: Pick<GridPage, 'position' | 'customPath'>): string {
  const path = buildVisitorPath({ defaultLanguage: site.defaultLanguage, customPathPrefix: site.customPathPrefix }, { lang, position: page.position, customPath: page.customPath });
  return site.origin + path;
}

/** The page in every language the site offers, as `hreflang` alternates (plus x-default: the default language). */
export function pageAlternates(site: Addressed & Pick<SiteSnapshot, 'languages'>, page: Pick<GridPage, 'position' | 'customPath'>): { hreflang: string; href: string }[] {
  const alternates = site.languages.map((lang) => ({ hreflang: htmlLang(lang), href: pageUrl(site, lang, page) }));
  return [...alternates, { hreflang: 'x-default', href: pageUrl(site, site.defaultLanguage, page) }];
}
