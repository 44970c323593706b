import { and, eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { pageContentSchema, type PageContent } from '../../model/page.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import { translationsSchema, writePageInLanguage } from '../../model/translation.ts';
import type { Db } from '../db/open-database.ts';
import { pages, sites } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { SiteRow } from './find-site.ts';

/** Writes one page's detail, buttons, link areas and products as edited in one language. */
export function writePage(db: Db, site: SiteRow, pageId: string, lang: Language, edit: PageContent): void {
  const settings = siteSettingsSchema.parse(site.settings);
  if (!settings.languages.includes(lang)) throw new AppError('bad_request', 'languageNotOffered', { values: { lang } });
  const page = db
    .select()
    .from(pages)
    .where(and(eq(pages.id, pageId), eq(pages.siteId, site.id)))
    .get();
  if (!page) throw notFound('pageNotFound');
  const next = writePageInLanguage(pageContentSchema.parse(page.content), translationsSchema.parse(page.translations), edit, lang, settings.defaultLanguage);
  const now = new Date();
  db.transaction((tx) => {
    tx.update(pages).set({ content: next.base, translations: next.translations, updatedAt: now }).where(eq(pages.id, pageId)).run();
    tx.update(sites).set({ updatedAt: now }).where(eq(sites.id, site.id)).run();
  });
}
