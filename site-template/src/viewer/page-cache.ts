import { useEffect, useRef, useState } from 'react';
import type { ResolvedPage, SiteSnapshot } from '../../../model/snapshot.ts';
import { dataUrl } from './address.ts';
import { useMemberPages } from './member-pages.ts';
import { pageAt, restingRow, type Cell } from './navigation.ts';

type PageCache = Record<string, ResolvedPage>;

/**
 * The pages the viewer holds, by id: the first one came with the HTML; the cells a swipe can
 * reach from the current one are fetched ahead, so a swipe shows its page at once (spec §4); a
 * member's private copies replace locked ones. A failed fetch is forgotten, so it is tried again
 * on the next move.
 */
export function usePageCache(site: SiteSnapshot, initialPage: ResolvedPage, current: Cell): PageCache {
  const [pages, setPages] = useState<PageCache>({ [initialPage.id]: initialPage });
  const requested = useRef(new Set<string>([initialPage.id]));

  useMemberPages(site, pages, setPages);

  useEffect(() => {
    const load = (pageId: string) => {
      if (requested.current.has(pageId)) return;
      requested.current.add(pageId);
      fetch(dataUrl(site, pageId))
        .then((response) => (response.ok ? (response.json() as Promise<ResolvedPage>) : Promise.reject(response)))
        .then((page) => setPages((cache) => ({ ...cache, [page.id]: page })))
        .catch(() => requested.current.delete(pageId));
    };
    const around: Cell[] = [current, { ...current, row: current.row - 1 }, { ...current, row: current.row + 1 }];
    for (const column of [current.column - 1, current.column + 1]) around.push({ column, row: restingRow(site, current, column) });
    for (const cell of around) {
      const gridPage = pageAt(site.grid, cell);
      if (gridPage) load(gridPage.id);
    }
  }, [current, site]);

  return pages;
}
