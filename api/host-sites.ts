import { hostHandle } from '../model/site-handle.ts';
import { readDomainSite, readHandleSite } from '../publisher/domains.ts';
import type { Storage } from '../storage/storage.ts';

const CACHE_MS = 5_000;
const CACHE_MAX = 1000;

export type HostSites = {
  /** The site a host name leads to (lower-case, no port): `{handle}.{SITE_DOMAIN}` or a custom domain; null for any other. */
  siteOf(host: string): Promise<string | null>;
};

/**
 * Host → site, read from the pointers a publish writes (`handles/…`, `domains/…`), never from the
 * database: the site host works as a CDN's edge logic would. A few seconds of caching keep the
 * storage read off every request; a moved handle or domain is followed within that time.
 */
export function hostSites(storage: Storage, options: { siteDomain: string; cacheMs?: number }): HostSites {
  const cacheMs = options.cacheMs ?? CACHE_MS;
  const cache = new Map<string, { siteId: string | null; at: number }>();
  // Lookups under way, shared by every request for the same host meanwhile: a burst arriving as
  // the cache expires makes one storage read, not one each, and its requests go on together
  // (together their events share one transaction, event-queue.ts).
  const reading = new Map<string, Promise<string | null>>();
  async function read(host: string): Promise<string | null> {
    const handle = hostHandle(host, options.siteDomain);
    const siteId = handle !== null ? await readHandleSite(storage, handle) : await readDomainSite(storage, host);
    if (cache.size > CACHE_MAX) cache.clear();
    cache.set(host, { siteId, at: Date.now() });
    return siteId;
  }
  return {
    siteOf(host) {
      if (!host) return Promise.resolve(null);
      const cached = cache.get(host);
      if (cached && Date.now() - cached.at < cacheMs) return Promise.resolve(cached.siteId);
      let lookup = reading.get(host);
      if (!lookup) {
        lookup = read(host).finally(() => reading.delete(host));
        reading.set(host, lookup);
      }
      return lookup;
    },
  };
}
