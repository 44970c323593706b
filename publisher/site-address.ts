import type { SiteDraft } from '../model/draft.ts';
import { handleCandidates } from '../model/site-handle.ts';
import { customDomainOrigin, defaultSiteDomain, handleOrigin } from '../model/site-origin.ts';
import { buildVisitorPath, normalisePathPrefix } from '../model/visitor-path.ts';

/** The embedded server's default SITE_ORIGIN, for publishes run without one (tests, scripts). */
export const DEFAULT_SITE_ORIGIN = 'http://localhost:3001';

/** A preview has no handle: it is served on the preview origin. */
export type SiteAddress = { origin: string; basePath: string; prefix: string; handle?: string; domain?: string };

/** Where sites are served: the shared host (its scheme and port are every site's) and the domain under which each gets `{handle}.`. */
export type SiteHosting = { siteOrigin: string; siteDomain?: string };

/** What of a site its address depends on. */
type AddressedSite = { id: string; settings: Pick<SiteDraft['settings'], 'customDomain' | 'customPathPrefix' | 'defaultLanguage' | 'handle'> };

/** A draft's handle: the one its settings hold, else the first derived from its id (a draft made outside the database). */
export function draftHandle(draft: AddressedSite): string {
  return draft.settings.handle ?? handleCandidates(draft.id)[0] ?? 'site';
}

/**
 * Where a draft's published pages will be reached: its custom domain, else `{handle}.{SITE_DOMAIN}`,
 * at the root after its path prefix. The URLs in its HTML, sitemap and canonical links derive from this.
 */
export function siteAddress(draft: AddressedSite, hosting: SiteHosting): SiteAddress {
  const domain = draft.settings.customDomain?.toLowerCase() || undefined;
  const prefix = normalisePathPrefix(draft.settings.customPathPrefix);
  const basePath = buildVisitorPath({ defaultLanguage: draft.settings.defaultLanguage, customPathPrefix: prefix }, { lang: draft.settings.defaultLanguage });
  const handle = draftHandle(draft);
  const siteDomain = hosting.siteDomain ?? defaultSiteDomain(hosting.siteOrigin);
  const origin = domain ? customDomainOrigin(hosting.siteOrigin, domain) : handleOrigin(hosting.siteOrigin, siteDomain, handle);
  return { origin, basePath, prefix, handle, domain };
}
