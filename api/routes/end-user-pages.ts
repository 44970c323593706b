import { Hono, type Context } from 'hono';
import { resolvedPageSchema, type ResolvedPage } from '../../model/snapshot.ts';
import { visitorText } from '../../model/messages/visitor-text.ts';
import { PRIVATE_MEDIA_PREFIX } from '../../publisher/private-media.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireEndUser } from '../auth/require-end-user.ts';
import type { Db } from '../db/open-database.ts';
import { AppError } from '../errors.ts';
import { findVisitorSite } from '../services/find-visitor-site.ts';
import { mediaSigningKey, signMediaUrls, verifyMediaSignature } from '../services/media-signature.ts';
import { readPublishedPage } from '../services/read-published-page.ts';
import { visitorLanguage } from '../visitor-language.ts';

type Variant = 'public' | 'private';
const PARTS = { product: 'products', button: 'buttons', link: 'links' } as const;

/**
 * Page detail from the live version (V §7): `public` for anyone, `private` for a member of
 * this site (bearer token), which also opens members-only pages. Both answer the same shape
 * as the published `_data/{lang}/{pageId}.json`, so the viewer renders either the same way;
 * members-only media come as signed links on this origin.
 */
export function endUserPageRoutes(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  let signingKey: Buffer | undefined;
  const key = () => (signingKey ??= mediaSigningKey(db));

  async function loadPage(c: Context, variant: Variant): Promise<ResolvedPage> {
    if (variant !== 'public' && variant !== 'private') throw new AppError('not_found', 'pathNotFound');
    const site = findVisitorSite(db, c.req.param('id')!);
    const lang = visitorLanguage(c, site.settings, c.req.query('lang'));
    if (variant === 'private') requireEndUser(db, site, c.req.header('authorization'), lang);
    const text = await readPublishedPage(storage, site.id, lang, c.req.param('pageId')!, variant === 'private');
    if (text === null) throw new AppError('not_found', 'notFound', { lang });
    const page = resolvedPageSchema.parse(JSON.parse(variant === 'private' ? signMediaUrls(text, key(), site.id) : text));
    if (page.content) page.content.products.sort((a, b) => a.order - b.order);
    return page;
  }

  return new Hono()
    .get('/:id/page/:pageId/:variant', async (c) => {
      const page = await loadPage(c, c.req.param('variant') as Variant);
      c.header('cache-control', 'private, no-store');
      return c.json(page);
    })
    .get('/:id/page/:pageId/:part/:variant', async (c) => {
      const part = c.req.param('part') as keyof typeof PARTS;
      if (!(part in PARTS)) throw new AppError('not_found', 'pathNotFound');
      const page = await loadPage(c, c.req.param('variant') as Variant);
      c.header('cache-control', 'private, no-store');
      return c.json({ pageId: page.id, [PARTS[part]]: page.content?.[PARTS[part]] ?? [], media: page.media });
    })
    .get('/:id/private-media/:signature/:sha256/:file', async (c) => {
      const { id, signature, sha256, file } = c.req.param();
      if (!/^[0-9a-f]{64}$/.test(sha256) || !/^[\w-]+\.[a-z0-9]+$/.test(file) || !verifyMediaSignature(key(), id, sha256, signature)) {
        throw new AppError('unauthenticated', 'linkExpired');
      }
      const object = await storage.get(`${PRIVATE_MEDIA_PREFIX}media/${sha256}/${file}`);
      if (!object) throw new AppError('not_found', 'pathNotFound');
      return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': object.contentType, 'cache-control': 'private, max-age=3600', etag: object.etag, 'x-content-type-options': 'nosniff' });
    });
}
