import type { SitePage, SiteView } from '../../api/types.ts';

/** Pages in the order images fill them: category A top to bottom, then B… */
export function pagesInOrder(site: SiteView): SitePage[] {
  return [...site.creatives].sort((a, b) => a.columnIndex - b.columnIndex).flatMap((creative) => [...creative.pages].sort((a, b) => a.row - b.row));
}
