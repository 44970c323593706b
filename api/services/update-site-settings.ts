import { eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { siteSettingsPatchSchema, siteSettingsSchema } from '../../model/site.ts';
import { applySiteText, extractSiteText, translationsSchema } from '../../model/translation.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { SiteRow } from './find-site.ts';

/**
 * Applies a settings change made in one language. Texts (SEO, company information) edited in a
 * language other than the default go to that language's overlay; the grid size has its own call.
 */
export function updateSiteSettings(db: Db, site: SiteRow, body: unknown, lang: Language): void {
  const patch = siteSettingsPatchSchema.parse(body);
  if ('numberHorizontal' in patch || 'numberVertical' in patch) {
    throw new AppError('bad_request', 'Change rows and columns with PUT /api/site/{id}/grid.');
  }
  const current = siteSettingsSchema.parse(site.settings);
  const translations = translationsSchema.parse(site.translations);
  const merged = { ...current, ...patch, seo: { ...current.seo, ...patch.seo }, company: { ...current.company, ...patch.company } };
  const defaultLanguage = merged.defaultLanguage;
  let base = merged;
  let nextTranslations = translations;
  if (lang !== defaultLanguage) {
    // Texts stay as the default language had them; the edit's texts become this language's.
    base = applySiteText(merged, extractSiteText(current));
    nextTranslations = { ...translations, [lang]: { ...translations[lang], ...extractSiteText(merged) } };
  }
  const settings = siteSettingsSchema.parse(base);
  if (!settings.languages.includes(lang)) throw new AppError('bad_request', `The site does not offer the language ${lang}.`);
  db.update(sites)
    .set({ settings, name: settings.name, translations: nextTranslations, updatedAt: new Date() })
    .where(eq(sites.id, site.id))
    .run();
}
