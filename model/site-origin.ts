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
