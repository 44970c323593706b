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

  async function loadPage(c: Context<AppEnv>, params: { id: string; pageId: string }, named: string | undefined, variant: Variant): Promise<ResolvedPage> {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, named);
    const text = await readPublishedPage(storage, site.id, lang, params.pageId, variant === 'private');
    if (text === null) throw new AppError('not_found', 'notFound', { lang: lang });
    const page = resolvedPageSchema.parse(JSON.parse(variant === 'private' ? signMediaUrls(text, await key(), site.id) : text));
    if (page.content) page.content.products.sort((a, b) => a.order - b.order);
    c.header('cache-control', 'private, no-store');
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
  route(app, contracts.publicPage, async ({ c, params, query }) => await loadPage(c, params, query.lang, 'public'));
  route(app, contracts.privatePage, async ({ c, params, query }) => await loadPage(c, params, query.lang, 'private'));
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
