import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { CANVAS_FLAG } from '../../model/canvas.ts';
import type { SiteDraft } from '../../model/draft.ts';
import { parseLanguageToken, type Language } from '../../model/language.ts';
import { PREVIEW_EXTRAS_FILE, PREVIEW_MEDIA_ENTRY } from '../../model/preview-extras.ts';
import { DEFAULT_POSITION, isPositionCode } from '../../model/position.ts';
import { uploadKey } from '../../publisher/media.ts';
import type { Renderer } from '../../publisher/renderer.ts';
import { planLanguage } from '../../publisher/render-plan.ts';
import { buildSnapshot } from '../../publisher/snapshot.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { media } from '../db/schema.ts';
import { loadSiteDraft } from '../sites/load-site-draft.ts';
import { visitorLanguage } from '../visitor/visitor-language.ts';
import { previewExtras } from './preview-extras.ts';
import { previewMedia, previewMediaEntry } from './preview-media.ts';
import { verifyPreviewToken } from './preview-token.ts';
import { languageFromAcceptLanguage, messageText } from '../../model/messages/text.ts';
import { passcodePage } from './passcode-page.ts';
import { resolveShareAccess } from './share-access.ts';
import { readShareToken } from './share-token.ts';
import { DEFAULT_FAVICON_PATH, defaultFavicon, FAVICON_CONTENT_TYPE } from '../../publisher/default-favicon.ts';

export type PreviewHostDeps = {
  db: Db;
  storage: Storage;
  renderer: () => Promise<Renderer>;
  key: Uint8Array;
  /** The origins that may frame a site's preview, space-separated: the admin's and the site's own OEM's verified admin host (api/app.ts). */
  adminOrigin?: (siteId: string) => Promise<string>;
  /** The clock shared previews' sessions are judged by; the real one unless a test sets it. */
  clock?: () => Date;
};

/**
 * The preview of a draft on the SITE origin: `/preview/{siteId}/{token}/[lang/][position]`,
 * rendered by the same built viewer a publish uses. The owner's HTML and scripts run here,
 * never on the admin origin; the signed token in the path stands in for the admin's session,
 * so the page's neighbour data and media (`_data/…`, `media/{id}`) are authorised by it too.
 */
export function previewHost(deps: PreviewHostDeps) {
  const { db, storage, key } = deps;
  let assetsReady: Promise<void> | undefined;
  // The viewer's client files live at /_astro/ on the site origin; a site never published yet has none there.
  const ensureClientAssets = (renderer: Renderer) =>
    (assetsReady ??= (async () => {
      for (const asset of renderer.clientAssets) {
        if (!(await storage.head(asset.key))) await storage.put(asset.key, asset.body, { cacheControl: 'public, max-age=31536000, immutable' });
      }
    })().catch((error) => {
      assetsReady = undefined;
      throw error;
    }));

  const headersFor = async (siteId: string, contentType: string): Promise<Record<string, string>> => {
    const adminOrigin = await deps.adminOrigin?.(siteId);
    return {
      'content-type': contentType,
      'cache-control': 'private, no-store',
      // The token is in the address: a link out of the preview must not carry it along.
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex, nofollow',
      // Only the admin may frame a preview.
      ...(adminOrigin ? { 'content-security-policy': `frame-ancestors 'self' ${adminOrigin}` } : {}),
    };
  };

  const loadDraft = async (siteId: string): Promise<SiteDraft | null> => {
    try {
      return await loadSiteDraft(db, siteId);
    } catch {
      return null;
    }
  };

  async function handle(c: Context) {
    const { siteId = '', token = '' } = c.req.param() as { siteId?: string; token?: string };
    const rest = c.req.path.split('/').slice(4).filter(Boolean);
    const headers = async (contentType: string) => await headersFor(siteId, contentType);
    // The owner's own link (signed, 30 minutes), else a shared one, looked up anew on every request.
    const owner = verifyPreviewToken(key, siteId, token);
    const shared = owner ? null : await resolveShareAccess(db, key, siteId, token, deps.clock?.() ?? new Date());
    if (!owner && shared === null) {
      if (!readShareToken(key, token)) return c.text('This preview link has expired. Open the preview again from the editor.', 403);
      return c.text(messageText('previewShareUnavailable', languageFromAcceptLanguage(c.req.header('accept-language'))), 403, await headers('text/plain; charset=utf-8'));
    }
    const draft = await loadDraft(siteId);
    if (!draft) return c.text('Not found', 404);
    if (shared?.kind === 'passcode') {
      // Only the page itself asks for the passcode; its data and media wait for the preview session's token.
      if (rest[0] === 'media' || rest[0] === '_data' || rest[0] === '_grid' || rest[0] === PREVIEW_EXTRAS_FILE || rest[0] === PREVIEW_MEDIA_ENTRY) return c.text('Unauthorized', 401);
      const lang = draft.settings.defaultLanguage;
      return c.body(passcodePage({ siteId, token, siteName: draft.settings.name, lang }), 401, await headers('text/html; charset=utf-8'));
    }
    const viewOnly = shared?.kind === 'open' && shared.viewOnly;
    const basePath = `/preview/${siteId}/${token}/`;

    if (rest[0] === 'media' && rest.length === 2) {
      const record = await db
        .select()
        .from(media)
        .where(and(eq(media.id, rest[1]!), eq(media.siteId, siteId)))
        .get();
      const object = record ? await storage.get(uploadKey(record.sha256)) : null;
      if (!record || !object) return c.text('Not found', 404);
      return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { ...(await headers(record.mime)), 'cache-control': 'private, max-age=300' });
    }

    if (rest[0] === PREVIEW_EXTRAS_FILE && rest.length === 1) {
      // The language the visitor API would answer in for the same call.
      const lang = visitorLanguage(c, draft.settings, c.req.query('lang'));
      return c.body(JSON.stringify(await previewExtras(db, draft, basePath, deps.clock?.() ?? new Date(), lang)), 200, await headers('application/json'));
    }

    // The owner's canvas looks up an upload its map lacks (stored after the canvas loaded).
    if (rest[0] === PREVIEW_MEDIA_ENTRY && rest.length === 2) {
      const record = owner ? draft.media.find((candidate) => candidate.id === rest[1]) : undefined;
      if (!record) return c.text('Not found', 404);
      return c.body(JSON.stringify(await previewMediaEntry(record, storage, basePath)), 200, await headers('application/json'));
    }

    if (rest[0] === DEFAULT_FAVICON_PATH && rest.length === 1) return c.body(Buffer.from(await defaultFavicon()), 200, await headers(FAVICON_CONTENT_TYPE));

    const renderer = await deps.renderer();
    await ensureClientAssets(renderer);
    const origin = new URL(c.req.url).origin;
    const address = { origin, basePath, prefix: '' };
    const canvasMode = Boolean(owner) && c.req.query(CANVAS_FLAG) !== undefined;
    const mediaMap = await previewMedia(draft, storage, basePath);
    const snapshotIn = (lang: Language) => buildSnapshot(draft, lang, mediaMap, address);
    const planIn = (lang: Language) => planLanguage(snapshotIn(lang), renderer.buildId, (body) => createHash('sha256').update(body).digest('hex').slice(0, 16));

    if (rest[0] === '_grid' && rest.length === 2) {
      // The preview names each language's grid by its hash too, so the file is found among the languages' plans.
      const grid = draft.settings.languages.flatMap((lang) => planIn(lang).data).find((file) => file.path === `_grid/${rest[1]}`);
      return grid ? c.body(grid.body, 200, await headers('application/json')) : c.text('Not found', 404);
    }

    if (rest[0] === '_data' && rest.length === 3) {
      const lang = parseLanguageToken(rest[1]!);
      if (!lang || !draft.settings.languages.includes(lang)) return c.text('Not found', 404);
      const page = snapshotIn(lang).pages.find((candidate) => `${candidate.id}.json` === rest[2]);
      return page ? c.body(JSON.stringify(page), 200, await headers('application/json')) : c.text('Not found', 404);
    }

    let lang = draft.settings.defaultLanguage;
    const first = rest[0] === undefined ? null : parseLanguageToken(rest[0]);
    if (first && draft.settings.languages.includes(first)) {
      lang = first;
      rest.shift();
    }
    const position = (rest.shift() ?? DEFAULT_POSITION).toUpperCase();
    if (rest.length > 0 || !isPositionCode(position)) return c.text('Not found', 404);
    const { renders } = planIn(lang);
    const job = renders.find((candidate) => candidate.locals.page?.position === position);
    const locals = job?.locals ?? renders.find((candidate) => !candidate.locals.page && !candidate.locals.screen)!.locals;
    // As the page editor's canvas, the page is shown with the content being edited, whose media
    // URLs are the draft's (a publish swaps them for public ones): it may look them up as such,
    // every upload of the site, a members-only page's too (the owner sees its media under its lock).
    // The canvas is the owner's editor alone: a shared preview never is one.
    const found = locals.page;
    const canvas = canvasMode && found ? { ...locals, page: { ...found, media: { ...(await previewMedia(draft, storage, basePath, true)).entries, ...found.media } } } : locals;
    const { status, body } = await renderer.renderPage(viewOnly ? { ...canvas, viewOnly: true } : canvas);
    return c.body(body, job ? 200 : (status as 404), await headers('text/html; charset=utf-8'));
  }

  return new Hono().get('/preview/:siteId/:token', handle).get('/preview/:siteId/:token/*', handle);
}
