import { and, eq, inArray } from 'drizzle-orm';
import type { BulkDetailPatch } from '../../model/bulk-detail.ts';
import type { Language } from '../../model/language.ts';
import { pageContentSchema, type PageContent } from '../../model/page.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import { resolvePageText, translationsSchema, writePageInLanguage } from '../../model/translation.ts';
import type { Db } from '../db/open-database.ts';
import { pages, sites } from '../db/schema.ts';
import { AppError, notFound, validationError } from '../http/errors.ts';
import type { SiteRow } from './find-site.ts';

/** A page's content with the patch's given fields set; the link button's text in the language edited. */
function patched(content: PageContent, patch: BulkDetailPatch): PageContent {
  const { showSns, showCompany, membersOnlyLock, ...detail } = patch;
  const given = Object.fromEntries(Object.entries(detail).filter(([, value]) => value !== undefined));
  return {
    ...content,
    detail: { ...content.detail, ...given },
    ...(membersOnlyLock === undefined ? {} : { membersOnlyLock }),
    ...(showCompany === undefined ? {} : { showCompany }),
    ...(showSns === undefined ? {} : { snsConfig: { sns: content.snsConfig?.sns ?? [], display: showSns } }),
  };
}

/**
 * Sets the same detail settings on many pages of a site, in one transaction: every page is
 * checked by the page schema (a link's destination, colours) before any is written, so the
 * pages change together or not at all. A page id not of this site is a 404.
 */
export async function applyBulkDetail(db: Db, site: SiteRow, pageIds: readonly string[], lang: Language, patch: BulkDetailPatch): Promise<void> {
  const settings = siteSettingsSchema.parse(site.settings);
  if (!settings.languages.includes(lang)) throw new AppError('bad_request', 'languageNotOffered', { values: { lang } });
  const wanted = [...new Set(pageIds)];
  await db.transaction(
    async (tx) => {
      const rows = await tx
        .select()
        .from(pages)
        .where(and(eq(pages.siteId, site.id), inArray(pages.id, wanted)))
        .all();
      if (rows.length !== wanted.length) throw notFound('pageNotFound');
      const now = new Date();
      for (const row of rows) {
        const base = pageContentSchema.parse(row.content);
        const translations = translationsSchema.parse(row.translations);
        const checked = pageContentSchema.safeParse(patched(resolvePageText(base, translations, lang, settings.defaultLanguage), patch));
        if (!checked.success) throw validationError(checked.error);
        const next = writePageInLanguage(base, translations, checked.data, lang, settings.defaultLanguage);
        await tx.update(pages).set({ content: next.base, translations: next.translations, updatedAt: now }).where(eq(pages.id, row.id)).run();
      }
      await tx.update(sites).set({ updatedAt: now }).where(eq(sites.id, site.id)).run();
    },
    { behavior: 'immediate' },
  );
}
