import type { SiteDraft } from '../model/draft.ts';
import { customDomainOrigin } from '../model/site-origin.ts';
import { buildVisitorPath, normalisePathPrefix } from '../model/visitor-path.ts';

/** The embedded server's default SITE_ORIGIN, for publishes run without one (tests, scripts). */
export const DEFAULT_SITE_ORIGIN = 'http://localhost:3001';

export type SiteAddress = { origin: string; basePath: string; prefix: string; domain?: string };

/** Where a draft's published pages will be reached: the URLs in its HTML, sitemap and canonical links derive from this. */
export function siteAddress(draft: { id: string; settings: Pick<SiteDraft['settings'], 'customDomain' | 'customPathPrefix' | 'defaultLanguage'> }, siteOrigin: string): SiteAddress {
  const domain = draft.settings.customDomain?.toLowerCase() || undefined;
  const prefix = normalisePathPrefix(draft.settings.customPathPrefix);
  const basePath = buildVisitorPath(
    { siteId: draft.id, defaultLanguage: draft.settings.defaultLanguage, customDomain: domain !== undefined, customPathPrefix: prefix },
    { lang: draft.settings.defaultLanguage },
  );
  return { origin: domain ? customDomainOrigin(siteOrigin, domain) : siteOrigin.replace(/\/+$/, ''), basePath, prefix, domain };
}
