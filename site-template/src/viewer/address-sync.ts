import { useEffect } from 'react';
import { ADDRESS_REPLACE_DELAY_MS, LANG_COOKIE_MAX_AGE_S } from '../../../model/constants.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { pathFor } from './address.ts';
import { pageAt, type Cell } from './navigation.ts';

/**
 * The address follows the position, replaced (not pushed) once the move has settled (spec §2), so
 * a burst of swipes leaves one address and Back leaves the site instead of replaying each swipe.
 * The position_tab cookie remembers the same position for the visitor's next visit.
 */
export function useAddressSync(site: SiteSnapshot, current: Cell): void {
  useEffect(() => {
    const gridPage = pageAt(site.grid, current);
    if (!gridPage) return;
    const timer = setTimeout(() => {
      const visitorPath = pathFor(site, { position: gridPage.position, customPath: gridPage.customPath }, window.location.search);
      // A preview's address keeps its token (`/preview/{id}/{token}/`): reloading a shared preview reopens it, or learns it was revoked.
      const path = site.basePath.startsWith('/preview/') ? site.basePath + visitorPath.slice(1) : visitorPath;
      if (path !== window.location.pathname + window.location.search) history.replaceState(history.state, '', path);
      document.cookie = `position_tab=${gridPage.position}; path=/; max-age=${LANG_COOKIE_MAX_AGE_S}; samesite=lax`;
    }, ADDRESS_REPLACE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, site]);
}
