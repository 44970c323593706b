import { Hono, type Context } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import { resolvedPageSchema, type ResolvedPage } from '../../model/snapshot.ts';
import { PRIVATE_MEDIA_PREFIX } from '../../publisher/private-media.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { mediaSigningKey, signMediaUrls, verifyMediaSignature } from './media-signature.ts';
import { readPublishedPage } from './read-published-page.ts';
import { visitorLanguage } from './visitor-language.ts';

type Variant = 'public' | 'private';
const PARTS = { product: 'products', button: 'buttons', link: 'links' } as const;

/**
 * Page detail from the live version (V §7): `public` for anyone, `private` for a member of
 * this site (bearer token, checked by the member gate), which also opens members-only pages.
 * Both answer the same shape as the published `_data/{lang}/{pageId}.json`, so the viewer
 * renders either the same way; members-only media come as signed links on this origin.
 */
export function pageRoutes(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  let signingKey: Buffer | undefined;
  const key = async () => (signingKey ??= await mediaSigningKey(db));

  /** The page's data as the live version stores it (the site host's `_data/{lang}/{pageId}.json`), a member's with its media links signed. */
  async function pageBytes(c: Context<AppEnv>, params: { id: string; pageId: string }, named: string | undefined, variant: Variant): Promise<Uint8Array<ArrayBuffer>> {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, named);
    const bytes = await readPublishedPage(storage, site.id, lang, params.pageId, variant === 'private');
    if (bytes === null) throw new AppError('not_found', 'notFound', { lang: lang });
    c.header('cache-control', 'private, no-store');
    return variant === 'private' ? new TextEncoder().encode(signMediaUrls(new TextDecoder().decode(bytes), await key(), site.id)) : bytes;
  }

  /**
   * A whole page: the stored JSON sent as it is. The publish wrote it in the contract's shape,
   * products in their order (publisher/snapshot.ts), so parsing and writing it again would give
   * the same answer at a cost on every call.
   */
  async function pageAnswer(c: Context<AppEnv>, params: { id: string; pageId: string }, named: string | undefined, variant: Variant): Promise<Response> {
    return c.body(await pageBytes(c, params, named, variant), 200, { 'content-type': 'application/json' });
  }

  async function loadPage(c: Context<AppEnv>, params: { id: string; pageId: string }, named: string | undefined, variant: Variant): Promise<ResolvedPage> {
    const page = resolvedPageSchema.parse(JSON.parse(new TextDecoder().decode(await pageBytes(c, params, named, variant))));
    // A version published before page data held its products in order.
    if (page.content) page.content.products.sort((a, b) => a.order - b.order);
    return page;
  }

  /** One part of a page (product, button, link), the part's name checked before anything is read. */
  async function loadPagePart(c: Context<AppEnv>, params: { id: string; pageId: string; part: string }, named: string | undefined, variant: Variant) {
    const part = params.part as keyof typeof PARTS;
    if (!(part in PARTS)) throw new AppError('not_found', 'pathNotFound');
    const page = await loadPage(c, params, named, variant);
    const content = page.content;
    if (part === 'product') return { pageId: page.id, products: content?.products ?? [], media: page.media };
    if (part === 'button') return { pageId: page.id, buttons: content?.buttons ?? [], media: page.media };
    return { pageId: page.id, links: content?.links ?? [], media: page.media };
  }

  const app = new Hono<AppEnv>();
  route(app, contracts.publicPage, ({ c, params, query }) => pageAnswer(c, params, query.lang, 'public'));
  route(app, contracts.privatePage, ({ c, params, query }) => pageAnswer(c, params, query.lang, 'private'));
  route(app, contracts.publicPagePart, ({ c, params, query }) => loadPagePart(c, params, query.lang, 'public'));
  route(app, contracts.privatePagePart, ({ c, params, query }) => loadPagePart(c, params, query.lang, 'private'));
  route(app, contracts.privateMedia, async ({ c, params }) => {
    const { id, signature, sha256, file } = params;
    if (!/^[0-9a-f]{64}$/.test(sha256) || !/^[\w-]+\.[a-z0-9]+$/.test(file) || !verifyMediaSignature(await key(), id, sha256, signature)) {
      throw new AppError('unauthenticated', 'linkExpired');
    }
    const object = await storage.get(`${PRIVATE_MEDIA_PREFIX}media/${sha256}/${file}`);
    if (!object) throw new AppError('not_found', 'pathNotFound');
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, {
      'content-type': object.contentType,
      'cache-control': 'private, max-age=3600',
      etag: object.etag,
    });
  });
  return app;
}
