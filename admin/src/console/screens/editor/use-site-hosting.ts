import { useEffect, useState } from 'react';
import type { SiteHosting } from '../../../../../model/site-address.ts';
import { request } from '../../api/request.ts';

/** Where this installation serves sites (GET /meta), null until known or when it serves none. */
export function useSiteHosting(): SiteHosting | null {
  const [hosting, setHosting] = useState<SiteHosting | null>(null);
  useEffect(() => {
    let live = true;
    void request('GET /meta', {})
      .then((meta) => live && setHosting(meta.siteOrigin ? { siteOrigin: meta.siteOrigin, siteDomain: meta.siteDomain ?? undefined } : null))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return hosting;
}
