import { z } from 'zod';
import { DEFAULT_LANGUAGE, languageSchema } from './language.ts';
import type { SiteSettings } from './site.ts';
import { handleCandidates } from './site-handle.ts';
import { customDomainOrigin, defaultSiteDomain, handleOrigin } from './site-origin.ts';
import { buildVisitorPath, normalisePathPrefix } from './visitor-path.ts';

/** The embedded server's default SITE_ORIGIN, for publishes run without one (tests, scripts). */
export const DEFAULT_SITE_ORIGIN = 'http://localhost:3001';

/** A preview has no handle: it is served on the preview origin. */
export type SiteAddress = { origin: string; basePath: string; prefix: string; handle?: string; domain?: string };

/** Where sites are served: the shared host (its scheme and port are every site's) and the domain under which each gets `{handle}.`. */
export type SiteHosting = { siteOrigin: string; siteDomain?: string };

/** The settings a site's address needs, read from stored settings (checked when written), each falling back rather than failing a list. */
export const addressSettingsSchema = z.object({
  defaultLanguage: languageSchema.catch(DEFAULT_LANGUAGE),
  customDomain: z.string().optional().catch(undefined),
  customPathPrefix: z.string().optional().catch(undefined),
  handle: z.string().optional().catch(undefined),
});

/** What of a site its address depends on. */
type AddressedSite = { id: string; settings: Pick<SiteSettings, 'customDomain' | 'customPathPrefix' | 'defaultLanguage' | 'handle'> };

/** A draft's handle: the one its settings hold, else the first derived from its id (a draft made outside the database). */
export function draftHandle(draft: AddressedSite): string {
  return draft.settings.handle ?? handleCandidates(draft.id)[0] ?? 'site';
}

/**
 * The address of a site's home page (its default language, position A1): what the console's
 * "Open" links and the site list's CSV name.
 * @example siteHomeUrl(site, { siteOrigin: 'http://localhost:3001' }) // 'http://shop.localhost:3001/'
 */
export function siteHomeUrl(site: AddressedSite, hosting: SiteHosting): string {
  const address = siteAddress(site, hosting);
  return `${address.origin}${address.basePath}`;
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
