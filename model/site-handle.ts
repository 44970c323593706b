import { z } from 'zod';

/**
 * A site's handle: the first label of its own origin, `{handle}.{SITE_DOMAIN}`. One DNS label:
 * lower-case letters, digits and '-', 1 to 63 characters, no '-' at either end.
 */
const HANDLE = /^(?=.{1,63}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * Labels no site may have: the names the product's own hosts use or may use under SITE_DOMAIN
 * (the preview origin among them), and the names people expect of a company's own services.
 */
/** The label of the origin drafts' previews are served on, `preview.{SITE_DOMAIN}`: reserved, so no published site shares it. */
export const PREVIEW_LABEL = 'preview';

export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'www',
  'admin',
  'api',
  'app',
  PREVIEW_LABEL,
  'previews',
  'sites',
  'site',
  'static',
  'assets',
  'media',
  'cdn',
  'mail',
  'smtp',
  'ftp',
  'ns1',
  'ns2',
  'localhost',
  'dashboard',
  'console',
  'login',
  'auth',
  'account',
  'accounts',
  'help',
  'support',
  'status',
  'docs',
  'blog',
]);

/** Whether a handle is a usable, unreserved DNS label. */
export function isSiteHandle(s: string): boolean {
  return HANDLE.test(s) && !RESERVED_HANDLES.has(s);
}

/** The handle field: trimmed and lower-cased, then checked. */
export const siteHandleSchema = z.string().trim().toLowerCase().refine(isSiteHandle, { message: 'invalidHandle' });

/**
 * The handles a new site tries, in order, derived from its id: a UUID's first 8 hex digits (short
 * to type), then longer runs of them, then the whole id made a label.
 * @example handleCandidates('3F2A9C1B-0000-4000-8000-000000000000')[0] // '3f2a9c1b'
 */
export function handleCandidates(id: string): string[] {
  const label = id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  const hex = label.replace(/-/g, '');
  const candidates = /^[0-9a-f]{32}$/.test(hex) ? [hex.slice(0, 8), hex.slice(0, 12), hex.slice(0, 16), hex] : [];
  candidates.push(label || 'site');
  // A reserved or taken name gets a prefix that makes it free.
  candidates.push(`site-${label || 'x'}`.slice(0, 63).replace(/-+$/, ''));
  return candidates.filter(isSiteHandle);
}

/**
 * The host a site's handle is served on.
 * @example handleHost('shop', 'swipegrid-sites.net') // 'shop.swipegrid-sites.net'
 */
export function handleHost(handle: string, siteDomain: string): string {
  return `${handle}.${siteDomain}`;
}

/**
 * The handle a host names under SITE_DOMAIN, or null when it is not one.
 * @example hostHandle('shop.localhost', 'localhost') // 'shop'
 */
export function hostHandle(host: string, siteDomain: string): string | null {
  const suffix = `.${siteDomain}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return HANDLE.test(label) ? label : null;
}
