import type { PageSite, SiteSnapshot } from '../../../model/snapshot.ts';

/**
 * What a visitor screen knows of its site. Not the grid: a screen's HTML then changes only when
 * these settings do, so a page edit republishes no screen.
 */
export type ScreenSite = Pick<SiteSnapshot, 'siteId' | 'lang' | 'defaultLanguage' | 'languages' | 'customPathPrefix' | 'autoAttachUrlParam' | 'name' | 'logo' | 'poweredBy' | 'safeAreaColor'>;

export function screenSite(site: PageSite): ScreenSite {
  const { siteId, lang, defaultLanguage, languages, customPathPrefix, autoAttachUrlParam, name, logo, poweredBy, safeAreaColor } = site;
  return { siteId, lang, defaultLanguage, languages, customPathPrefix, autoAttachUrlParam, name, logo, poweredBy, safeAreaColor };
}
