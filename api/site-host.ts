import { Hono, type Context } from 'hono';
import { objectKey, readLivePointer, readManifest, type Manifest } from '../publisher/versions.ts';
import type { Storage } from '../storage/storage.ts';
import { safeDecode } from './http/safe-decode.ts';
import { customDomainOrigin, requestHostName } from '../model/site-origin.ts';
import { readDomainSite } from '../publisher/domains.ts';
import { parseLanguageToken } from '../model/language.ts';
import { DEFAULT_POSITION, isPositionCode } from '../model/position.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const DOMAIN_CACHE_MS = 5_000;
/** `{prefix}/sites/{siteId}{/rest}`: the shared host's address of a site, the prefix being the site's custom path prefix. */
const SHARED_PATH = /^((?:\/[^/]+)*?)\/sites\/([A-Za-z0-9_-]{1,64})(\/.*)?$/;

/**
 * Serves published sites from storage, the way a CDN with edge logic would: a path resolves
 * through the site's live manifest to a content-addressed object. Pages are `no-cache` with
 * their hash as ETag; hashed assets, grid manifests and media derivatives are immutable.
 */
export function siteHost(storage: Storage, options: { domainCacheMs?: number; adminOrigin?: () => string } = {}) {
  const domainCacheMs = options.domainCacheMs ?? DOMAIN_CACHE_MS;
  // Manifests never change once written, so one read per version is enough.
  const manifests = new Map<string, Manifest>();
  async function liveManifest(siteId: string): Promise<Manifest | null> {
    const pointer = await readLivePointer(storage, siteId).catch(() => null);
    if (!pointer) return null;
    const cacheKey = `${siteId}@${pointer.version}`;
    let manifest = manifests.get(cacheKey);
    if (!manifest) {
      manifest = (await readManifest(storage, siteId, pointer.version)) ?? undefined;
      if (!manifest) return null;
      if (manifests.size > 500) manifests.clear();
      manifests.set(cacheKey, manifest);
    }
    return manifest;
  }

  async function serveImmutable(c: Context, key: string) {
    // Storage rejects '..' segments itself; a bad key is simply not found.
    const object = await storage.get(key).catch(() => null);
    if (!object) return c.text('Not found', 404);
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': object.contentType, 'cache-control': IMMUTABLE, etag: object.etag });
  }

  async function serveFile(c: Context, manifest: Manifest, path: string, status: 200 | 404) {
    const file = manifest.files[path]!;
    const etag = `"${file.hash}"`;
    // A grid manifest is named by its content hash (model/grid-manifest.ts): its path never holds other bytes.
    const headers: Record<string, string> = { 'content-type': file.contentType, 'cache-control': path.startsWith('_grid/') ? IMMUTABLE : 'no-cache', etag };
    // A page may be framed by the site itself and by the admin (the editor's frames), by no other site.
    const admin = options.adminOrigin?.();
    if (file.contentType.startsWith('text/html')) headers['content-security-policy'] = `frame-ancestors 'self'${admin ? ` ${admin}` : ''}`;
    if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    const object = await storage.get(objectKey(file.hash));
    if (!object) return c.text('Not found', 404);
    return c.body(object.body as Uint8Array<ArrayBuffer>, status, headers);
  }

  /**
   * The manifest path a request path names: folders are their index.html; language tokens
   * (JP/JA, EN, CN, KR) and position codes are case-insensitive, and the default language's
   * token may be written though its pages sit at the root.
   */
  function resolvePath(manifest: Manifest, rest: string): string | null {
    const segments = rest.split('/');
    const token = segments.length > 1 ? parseLanguageToken(segments[0]!) : null;
    const tails = [segments];
    if (token !== null) tails.unshift(token === manifest.address.defaultLanguage ? segments.slice(1) : [token, ...segments.slice(1)]);
    const candidates: string[] = [];
    for (const tail of tails) {
      const path = tail.join('/');
      if (path === '' || path.endsWith('/')) candidates.push(`${path}index.html`);
      else candidates.push(path, `${path}/index.html`);
      const last = tail.at(-1)!;
      if (isPositionCode(last)) {
        const folder = tail.slice(0, -1);
        // A1 is the default position: its page is the language folder's index.
        candidates.push(last.toUpperCase() === DEFAULT_POSITION ? [...folder, 'index.html'].join('/') : `${[...folder, last.toUpperCase()].join('/')}/index.html`);
      }
    }
    return candidates.find((path) => manifest.files[path]) ?? null;
  }

  // Host → site lookups are one storage read; a few seconds of caching keeps them off every request.
  const domains = new Map<string, { siteId: string | null; at: number }>();
  async function domainSite(host: string): Promise<string | null> {
    const cached = domains.get(host);
    if (cached && Date.now() - cached.at < domainCacheMs) return cached.siteId;
    const siteId = await readDomainSite(storage, host);
    if (domains.size > 1000) domains.clear();
    domains.set(host, { siteId, at: Date.now() });
    return siteId;
  }

  /** A path below a site's root, resolved through its live manifest; a miss gets the language's 404 page. */
  async function serveSitePath(c: Context, manifest: Manifest, rawRest: string) {
    const rest = safeDecode(rawRest) ?? '\0';
    const path = resolvePath(manifest, rest);
    if (path) return serveFile(c, manifest, path, 200);
    const lang = parseLanguageToken(rest.split('/')[0]!);
    const notFoundPage = lang && manifest.files[`${lang}/404.html`] ? `${lang}/404.html` : '404.html';
    if (manifest.files[notFoundPage]) return serveFile(c, manifest, notFoundPage, 404);
    return c.text('Not found', 404);
  }

  return new Hono()
    .get('/_astro/*', (c) => serveImmutable(c, c.req.path.slice(1)))
    .get('/media/*', (c) => serveImmutable(c, safeDecode(c.req.path.slice(1)) ?? ''))
    .get('*', async (c) => {
      const url = new URL(c.req.url);
      // node-server builds the URL from the Host header, so this is the host the visitor asked for.
      const host = requestHostName(url.host);
      const domainSiteId = host ? await domainSite(host) : null;
      if (domainSiteId) {
        // A custom domain: no /sites/{id} segment, the site's path prefix (if any) first.
        const manifest = await liveManifest(domainSiteId);
        if (!manifest || manifest.address.domain !== host) return c.text('This site is not published.', 404);
        const { prefix } = manifest.address;
        if (url.pathname === prefix && prefix !== '') return c.redirect(`${prefix}/${url.search}`, 301);
        if (!url.pathname.startsWith(`${prefix}/`)) return c.text('Not found', 404);
        return serveSitePath(c, manifest, url.pathname.slice(prefix.length + 1));
      }
      const match = SHARED_PATH.exec(url.pathname);
      if (!match) return c.text('Not found', 404);
      const [, prefix = '', siteId = '', rest] = match;
      if (rest === undefined) return c.redirect(`${url.pathname}/${url.search}`, 301);
      const manifest = await liveManifest(siteId);
      if (!manifest) return c.text('This site is not published.', 404);
      if (manifest.address.domain) {
        // Published for its own domain: its links lead there, so the shared address sends visitors there too.
        return c.redirect(`${customDomainOrigin(url.origin, manifest.address.domain)}${manifest.address.prefix}/${rest.slice(1)}${url.search}`, 301);
      }
      if (manifest.address.prefix !== prefix) return c.text('Not found', 404);
      return serveSitePath(c, manifest, rest.slice(1));
    });
}
