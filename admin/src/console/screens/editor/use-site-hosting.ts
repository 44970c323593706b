import { useEffect, useState } from 'react';
import type { SiteHosting } from '../../../../../model/site-address.ts';
import { request } from '../../api/request.ts';

// The installation's hosting does not change while the console runs: the bar's address and the
// publish report ask once between them, not once each. A failed ask is forgotten, so a later one retries.
let asked: Promise<SiteHosting | null> | null = null;

function hostingOnce(): Promise<SiteHosting | null> {
  asked ??= request('GET /meta', {})
    .then((meta) => (meta.siteOrigin ? { siteOrigin: meta.siteOrigin, siteDomain: meta.siteDomain ?? undefined } : null))
    .catch((error: unknown) => {
      asked = null;
      throw error;
    });
  return asked;
}

/** Where this installation serves sites (GET /meta), null until known or when it serves none. */
export function useSiteHosting(): SiteHosting | null {
  const [hosting, setHosting] = useState<SiteHosting | null>(null);
  useEffect(() => {
    let live = true;
    hostingOnce()
      .then((known) => live && setHosting(known))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return hosting;
}
