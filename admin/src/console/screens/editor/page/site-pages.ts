import type { SitePage, SiteView } from '../../../api/types.ts';

export function allPages(site: SiteView): SitePage[] {
  return site.creatives.flatMap((creative) => creative.pages);
}

/** The site with one page as a save answered it: the PUT's answer is the whole news, no refetch needed. */
export function withSavedPage(site: SiteView, saved: SitePage): SiteView {
  return { ...site, creatives: site.creatives.map((creative) => ({ ...creative, pages: creative.pages.map((page) => (page.id === saved.id ? saved : page)) })) };
}
