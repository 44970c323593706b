import { and, eq, ne } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { parseMediaUrl } from '../../model/media-url.ts';
import { pageContentSchema, type PageContent } from '../../model/page.ts';
import { formatPosition } from '../../model/position.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import { translationsSchema, writePageInLanguage } from '../../model/translation.ts';
import type { Db, Queries } from '../db/open-database.ts';
import { creatives, media, pages, sites } from '../db/schema.ts';
import { AppError, fieldError, notFound } from '../http/errors.ts';
import type { SiteRow } from './find-site.ts';
import { pageRevision } from './page-revision.ts';

// Other pages' stored content is read for its path alone.
const pathOf = pageContentSchema.pick({ customPath: true });

/**
 * Writes one page's detail, buttons, link areas and products as edited in one language. Refuses,
 * by field, what only the site's other data can tell: a custom path another page of the site
 * uses already (both would publish to one address), and background music that is an uploaded
 * file of the site but not audio; and an edit that started from an older revision of the page
 * than the one stored. The checks and the write are one IMMEDIATE transaction, so two pages saved
 * at once cannot both take the same path, and two saves from one revision cannot both win.
 */
export async function writePage(db: Db, site: SiteRow, pageId: string, lang: Language, edit: PageContent, baseRevision?: string): Promise<void> {
  const settings = siteSettingsSchema.parse(site.settings);
  if (!settings.languages.includes(lang)) throw new AppError('bad_request', 'languageNotOffered', { values: { lang } });
  await db.transaction(
    async (tx) => {
      const page = await tx
        .select()
        .from(pages)
        .where(and(eq(pages.id, pageId), eq(pages.siteId, site.id)))
        .get();
      if (!page) throw notFound('pageNotFound');
      const stored = pageContentSchema.parse(page.content);
      const storedTranslations = translationsSchema.parse(page.translations);
      if (baseRevision !== undefined && baseRevision !== pageRevision(stored, storedTranslations)) throw new AppError('conflict', 'pageChangedElsewhere');
      if (edit.customPath) await checkPathFree(tx, site.id, pageId, edit.customPath);
      if (edit.backgroundMusic) await checkMusic(tx, site.id, edit.backgroundMusic);
      const next = writePageInLanguage(stored, storedTranslations, edit, lang, settings.defaultLanguage);
      const now = new Date();
      await tx.update(pages).set({ content: next.base, translations: next.translations, updatedAt: now }).where(eq(pages.id, pageId)).run();
      await tx.update(sites).set({ updatedAt: now }).where(eq(sites.id, site.id)).run();
    },
    { behavior: 'immediate' },
  );
}

async function checkPathFree(tx: Queries, siteId: string, pageId: string, customPath: string): Promise<void> {
  const others = await tx
    .select({ content: pages.content, row: pages.row, columnIndex: creatives.columnIndex })
    .from(pages)
    .innerJoin(creatives, eq(creatives.id, pages.creativeId))
    .where(and(eq(pages.siteId, siteId), ne(pages.id, pageId)))
    .all();
  const taken = others.find((other) => pathOf.safeParse(other.content).data?.customPath === customPath);
  if (taken) throw fieldError('conflict', ['customPath'], 'customPathTaken', { position: formatPosition(taken.columnIndex, taken.row) });
}

/** An uploaded file of this site must be audio to play as music; another address is the owner's to vouch for. */
async function checkMusic(tx: Queries, siteId: string, url: string): Promise<void> {
  const ref = parseMediaUrl(url);
  if (!ref) return;
  const record =
    ref.siteId === siteId
      ? await tx
          .select({ kind: media.kind })
          .from(media)
          .where(and(eq(media.id, ref.mediaId), eq(media.siteId, siteId)))
          .get()
      : undefined;
  if (record?.kind !== 'audio') throw fieldError('bad_request', ['backgroundMusic'], 'notAudio');
}
