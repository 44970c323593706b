import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { ResolvedPage, SiteSnapshot } from '../../../model/snapshot.ts';
import { endUserToken } from './members.ts';

type PageCache = Record<string, ResolvedPage>;

/**
 * Opens members-only pages for a logged-in member (V §4, §6): each locked page the viewer holds
 * without content is fetched once through the private call with this site's token; its media
 * come back as signed links. Without a token nothing is fetched and the lock overlay stays. The
 * API client is imported only then, so visitors who are not members load none of it.
 */
export function useMemberPages(site: Pick<SiteSnapshot, 'siteId' | 'lang'>, pages: PageCache, setPages: Dispatch<SetStateAction<PageCache>>): void {
  const tried = useRef(new Set<string>());
  useEffect(() => {
    const locked = Object.values(pages).filter((page) => page.locked && !page.content && !tried.current.has(page.id));
    if (locked.length === 0 || !endUserToken(site.siteId)) return;
    for (const page of locked) tried.current.add(page.id);
    void import('./visitor-call.ts').then(({ loadPrivatePage }) => {
      for (const page of locked) {
        void loadPrivatePage(site.siteId, page.id, site.lang).then((answer) => {
          if (answer.ok && answer.data.content) setPages((cache) => ({ ...cache, [answer.data.id]: answer.data }));
        });
      }
    });
  }, [pages, site, setPages]);
}
