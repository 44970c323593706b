import { PREVIEW_LABEL } from './site-handle.ts';

/**
 * Where a site is reached. On the shared host it is SITE_ORIGIN; on a custom domain it is that
 * domain with SITE_ORIGIN's scheme and port, so one self-hosted server answers both (in
 * production SITE_ORIGIN is https on 443 and the domain's origin is plain `https://{domain}`).
 * @example customDomainOrigin('http://localhost:3001', 'shop.example.com') // 'http://shop.example.com:3001'
 */
export function customDomainOrigin(siteOrigin: string, domain: string): string {
  const shared = new URL(siteOrigin);
  const origin = new URL(`${shared.protocol}//${domain.toLowerCase()}`);
  origin.port = shared.port;
  return origin.origin;
}

/** The host name a request names, lower-case and without port or trailing dot. */
export function requestHostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return name.replace(/\.$/, '');
}

/**
 * SITE_DOMAIN when it is not set: the shared site host's name, or `localhost` when that is an
 * address (browsers resolve `{handle}.localhost` to loopback; nothing resolves `{handle}.127.0.0.1`).
 * @example defaultSiteDomain('https://swipegrid-sites.net') // 'swipegrid-sites.net'
 */
export function defaultSiteDomain(siteOrigin: string): string {
  const host = new URL(siteOrigin).hostname.toLowerCase();
  return /^[\d.]+$/.test(host) || host.startsWith('[') ? 'localhost' : host;
}

/**
 * A site's own origin under SITE_DOMAIN, with SITE_ORIGIN's scheme and port.
 * @example handleOrigin('http://localhost:3001', 'localhost', 'shop') // 'http://shop.localhost:3001'
 */
export function handleOrigin(siteOrigin: string, siteDomain: string, handle: string): string {
  return customDomainOrigin(siteOrigin, `${handle}.${siteDomain}`);
}

/**
 * The origin drafts' previews are served on: a reserved label under SITE_DOMAIN, so no published site shares it.
 * @example previewOrigin('http://localhost:3001', 'localhost') // 'http://preview.localhost:3001'
 */
export function previewOrigin(siteOrigin: string, siteDomain: string): string {
  return handleOrigin(siteOrigin, siteDomain, PREVIEW_LABEL);
}
