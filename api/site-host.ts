import { Hono, type Context } from 'hono';
import { LIVE_POINTER_TTL_MS, readLiveManifest } from '../publisher/live.ts';
import { objectKey, type Manifest } from '../publisher/versions.ts';
import type { Storage } from '../storage/storage.ts';
import { safeDecode } from './http/safe-decode.ts';
import { customDomainOrigin, handleOrigin, requestHostName } from '../model/site-origin.ts';
import { hostHandle } from '../model/site-handle.ts';
import type { HostSites } from './host-sites.ts';
import { compressedBodies } from './compressed-body.ts';
import { parseLanguageToken } from '../model/language.ts';
import { DEFAULT_POSITION, isPositionCode } from '../model/position.ts';
import { readRunningExperiment } from '../publisher/running-experiment.ts';
import { VARIANTS_FOLDER } from '../publisher/variant-drafts.ts';
import { chooseVariant } from './variant-choice.ts';
import type { CookielessVisitor } from './visitor/cookieless-visitor.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export type SiteHostOptions = {
  /** Which site a host leads to (api/host-sites.ts). */
  sites: HostSites;
  /** The shared site host (SITE_ORIGIN), whose scheme and port every site's own origin has; known once it listens. */
  siteOrigin: () => string;
  siteDomain: string;
  /** The origins besides the site that may frame a site's pages, space-separated: the admin's and its own OEM's verified admin host. */
  adminOrigin?: (siteId: string) => Promise<string>;
  /** A cookieless site's visitor id (api/visitor/cookieless-visitor.ts): its arm is hashed from it and no cookie is set. */
  cookielessVisitor?: CookielessVisitor;
  /** How long a site's live pointer is served from memory (publisher/live.ts); a switch made in this process is served at once. */
  liveCacheMs?: number;
};
/** A file the live manifest names is missing from storage: answered as not found. */
class NotStoredError extends Error {
  override name = 'NotStoredError';
  constructor(hash: string) {
    super(`objects/${hash} is not in storage`);
  }
}

/** `{prefix}/sites/{siteId}{/rest}`: the shared host's address of a site, the prefix being the site's custom path prefix. */
const SHARED_PATH = /^((?:\/[^/]+)*?)\/sites\/([A-Za-z0-9_-]{1,64})(\/.*)?$/;

/**
 * Serves published sites from storage, the way a CDN with edge logic would: a host resolves to a
 * site through the pointers a publish writes (`{handle}.{SITE_DOMAIN}` or a custom domain), a path
 * through the site's live manifest to a content-addressed object. Pages are `no-cache` with
 * their hash as ETag; hashed assets, grid manifests and media derivatives are immutable. Text goes
 * gzipped to a browser that takes it, compressed once per content hash.
 */
export function siteHost(storage: Storage, options: SiteHostOptions) {
  const bodies = compressedBodies();
  const maxAgeMs = options.liveCacheMs ?? LIVE_POINTER_TTL_MS;

  /** The stored bytes, gzipped when the type is text and the browser takes gzip; `hash` names the bytes. */
  async function send(
    c: Context,
    hash: string,
    stored: { body: Uint8Array<ArrayBuffer> } | { size: number; load: () => Promise<Uint8Array<ArrayBuffer>> },
    status: 200 | 404,
    headers: Record<string, string>,
  ) {
    const { body, encoding, varies } = await bodies.choose({ hash, contentType: headers['content-type'] ?? '', acceptEncoding: c.req.header('accept-encoding'), ...stored });
    // A page chosen by the visitor's A/B cookie already varies by Cookie: both must be named.
    const vary = [headers.vary, varies ? 'Accept-Encoding' : undefined].filter((name) => name !== undefined).join(', ');
    return c.body(body, status, { ...headers, ...(vary ? { vary } : {}), ...(encoding ? { 'content-encoding': encoding } : {}) });
  }
  /** The live manifest, from memory but for a pointer older than `maxAgeMs`; a pointer or manifest that cannot be read is a site not published. */
  function liveManifest(siteId: string): Promise<Manifest | null> {
    return readLiveManifest(storage, siteId, { maxAgeMs }).catch(() => null);
  }

  async function serveImmutable(c: Context, key: string) {
    // Storage rejects '..' segments itself; a bad key is simply not found.
    const object = await storage.get(key).catch(() => null);
    if (!object) return c.text('Not found', 404);
    return send(c, key, { body: object.body as Uint8Array<ArrayBuffer> }, 200, { 'content-type': object.contentType, 'cache-control': IMMUTABLE, etag: object.etag });
  }

  async function serveFile(c: Context, manifest: Manifest, path: string, status: 200 | 404, personal = false) {
    const file = manifest.files[path]!;
    const etag = `"${file.hash}"`;
    // A grid manifest is named by its content hash (model/grid-manifest.ts): its path never holds other bytes.
    const headers: Record<string, string> = { 'content-type': file.contentType, 'cache-control': path.startsWith('_grid/') ? IMMUTABLE : 'no-cache', etag };
    // Chosen by the visitor's cookie: no shared cache may hand it to another visitor.
    if (personal) Object.assign(headers, { 'cache-control': 'private, no-cache', vary: 'Cookie' });
    // A page may be framed by the site itself and by the admin (the editor's frames), by no other site.
    const admin = await options.adminOrigin?.(manifest.siteId);
    if (file.contentType.startsWith('text/html')) headers['content-security-policy'] = `frame-ancestors 'self'${admin ? ` ${admin}` : ''}`;
    if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    // Read only when no gzipped copy of these bytes is kept: a page view of a cached page reads no storage.
    const load = async () => {
      const object = await storage.get(objectKey(file.hash));
      if (!object) throw new NotStoredError(file.hash);
      return object.body as Uint8Array<ArrayBuffer>;
    };
    try {
      return await send(c, file.hash, { size: file.size, load }, status, headers);
    } catch (error) {
      if (error instanceof NotStoredError) return c.text('Not found', 404);
      throw error;
    }
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

  /** A path below a site's root, resolved through its live manifest; a miss gets the language's 404 page. */
  async function serveSitePath(c: Context, manifest: Manifest, rawRest: string) {
    const rest = safeDecode(rawRest) ?? '\0';
    // A variant's files are reached only through the choice below, never by their own names.
    const path = rest.startsWith(`${VARIANTS_FOLDER}/`) ? null : resolvePath(manifest, rest);
    if (path) {
      const experiment = await readRunningExperiment(storage, manifest.siteId);
      const cookieless = experiment ? ((await options.cookielessVisitor?.(c, manifest.siteId)) ?? null) : null;
      const choice = chooseVariant(c, manifest, path, experiment, cookieless);
      return serveFile(c, manifest, choice.path, 200, choice.personal);
    }
    const lang = parseLanguageToken(rest.split('/')[0]!);
    const notFoundPage = lang && manifest.files[`${lang}/404.html`] ? `${lang}/404.html` : '404.html';
    if (manifest.files[notFoundPage]) return serveFile(c, manifest, notFoundPage, 404);
    return c.text('Not found', 404);
  }

  /** The origin a live version is reached on: its custom domain, else its handle under SITE_DOMAIN. */
  function ownOrigin(manifest: Manifest): string | null {
    const { domain, handle } = manifest.address;
    if (domain) return customDomainOrigin(options.siteOrigin(), domain);
    return handle ? handleOrigin(options.siteOrigin(), options.siteDomain, handle) : null;
  }

  return new Hono()
    .get('/_astro/*', (c) => serveImmutable(c, c.req.path.slice(1)))
    .get('/media/*', (c) => serveImmutable(c, safeDecode(c.req.path.slice(1)) ?? ''))
    .get('*', async (c) => {
      const url = new URL(c.req.url);
      // node-server builds the URL from the Host header, so this is the host the visitor asked for.
      const host = requestHostName(c.req.header('host') || url.host);
      const hostSiteId = await options.sites.siteOf(host);
      if (hostSiteId) {
        // The site's own origin: no /sites/{id} segment, the site's path prefix (if any) first.
        const manifest = await liveManifest(hostSiteId);
        if (!manifest) return c.text('This site is not published.', 404);
        const origin = ownOrigin(manifest);
        if (!origin) return c.text('This site is not published.', 404);
        if (new URL(origin).hostname !== host) {
          const { domain, handle } = manifest.address;
          const onHandle = handle !== undefined && hostHandle(host, options.siteDomain) === handle;
          if (!domain || !onHandle) return c.text('This site is not published.', 404);
          // Its handle, while the site is published for its custom domain: the links lead there, so visitors go there too.
          // Unless that name no longer leads here (removed or replaced, the republish not done): the handle serves meanwhile.
          if ((await options.sites.siteOf(domain)) === hostSiteId) return c.redirect(`${origin}${url.pathname}${url.search}`, 301);
        }
        const { prefix } = manifest.address;
        if (url.pathname === prefix && prefix !== '') return c.redirect(`${prefix}/${url.search}`, 301);
        if (!url.pathname.startsWith(`${prefix}/`)) return c.text('Not found', 404);
        return serveSitePath(c, manifest, url.pathname.slice(prefix.length + 1));
      }
      // The shared host: the spec's address of a site is an entry that sends the visitor to the site's own origin.
      const match = SHARED_PATH.exec(url.pathname);
      if (!match) return c.text('Not found', 404);
      const [, prefix = '', siteId = '', rest = '/'] = match;
      const manifest = await liveManifest(siteId);
      const origin = manifest ? ownOrigin(manifest) : null;
      if (!manifest || !origin) return c.text('This site is not published.', 404);
      if (prefix !== '' && prefix !== manifest.address.prefix) return c.text('Not found', 404);
      return c.redirect(`${origin}${manifest.address.prefix}/${rest.slice(1)}${url.search}`, 301);
    });
}
