import type { Language } from '../../../model/language.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { buildVisitorPath, type VisitorSubPath } from '../../../model/visitor-path.ts';

/** What building a visitor path needs of a site: the swipe viewer passes its snapshot, the screens their smaller site. */
export type AddressedSite = Pick<SiteSnapshot, 'lang' | 'defaultLanguage' | 'customPathPrefix' | 'autoAttachUrlParam'>;

/** The visitor path of a position (or a sub-screen) for this site, carrying the current query when the site asks for it. */
export function pathFor(site: AddressedSite, target: { lang?: Language; position?: string; customPath?: string; subPath?: VisitorSubPath }, search = ''): string {
  const path = buildVisitorPath(
    { defaultLanguage: site.defaultLanguage, customPathPrefix: site.customPathPrefix },
    { lang: target.lang ?? site.lang, position: target.position, customPath: target.customPath, subPath: target.subPath },
  );
  return site.autoAttachUrlParam && search ? path + search : path;
}

/** Where a page's JSON lives, relative to the site's root on its origin. */
export function dataUrl(site: SiteSnapshot, pageId: string): string {
  return `${site.basePath}_data/${site.lang}/${pageId}.json`;
}
