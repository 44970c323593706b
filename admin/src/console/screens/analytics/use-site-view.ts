import { useEffect, useState } from 'react';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';

/**
 * The site's draft in a language (its categories, pages and their images), as the editor reads it:
 * what the maps lay their figures over. Null until it is here or when it cannot be read.
 */
export function useSiteView(siteId: string, lang: string | undefined): SiteView | null {
  const [site, setSite] = useState<SiteView | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    request('GET /site/:id', { params: { id: siteId }, query: { lang } }, { quiet: true, signal: controller.signal }).then(
      (view) => !controller.signal.aborted && setSite(view),
      () => !controller.signal.aborted && setSite(null),
    );
    return () => controller.abort();
  }, [siteId, lang]);
  return site;
}
