import { eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { siteSettingsSchema, type SiteSettingsPatch } from '../../model/site.ts';
import { applySiteText, extractSiteText, translationsSchema } from '../../model/translation.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { isUniqueViolation } from '../db/site-handles.ts';
import { settingsDateRangeIssues } from '../../model/settings-date-ranges.ts';
import type { SiteRow } from './find-site.ts';
import { effectivePlan } from '../identity/effective-plan.ts';
import { assertSettingsWithinPlan, creatorPlanItemOf } from './plan-gates.ts';
import { saveSiteDomain } from '../domains/save-site-domain.ts';

/**
 * Applies a settings change made in one language. Texts (SEO, company information) edited in a
 * language other than the default go to that language's overlay; the grid size has its own call.
 * A change to what the owner's plan gates (languages, SEO and tags, popup CTAs, private
 * domain) needs the plan's flag; the plan items the viewer reads follow the plan. A changed
 * `customDomain` starts its verification over (api/domains/); answers whether it changed.
 */
export async function updateSiteSettings(db: Db, site: SiteRow, patch: SiteSettingsPatch, lang: Language, siteDomain: string): Promise<{ domainChanged: boolean }> {
  if ('numberHorizontal' in patch || 'numberVertical' in patch) {
    throw new AppError('bad_request', 'gridThroughSettings');
  }
  const current = siteSettingsSchema.parse(site.settings);
  const translations = translationsSchema.parse(site.translations);
  // seo, company and scripts merge field by field: their patches hold only the fields sent.
  const merged = {
    ...current,
    ...patch,
    seo: { ...current.seo, ...patch.seo },
    company: { ...current.company, ...patch.company },
    scripts: { ...current.scripts, ...patch.scripts },
  };
  const defaultLanguage = merged.defaultLanguage;
  let base = merged;
  let nextTranslations = translations;
  if (lang !== defaultLanguage) {
    // Texts stay as the default language had them; the edit's texts become this language's.
    base = applySiteText(merged, extractSiteText(current));
    // Only the texts sent become translations; the rest keep falling back to the default language.
    const textsSent = extractSiteText({ seo: patch.seo ?? {}, company: patch.company ?? {} });
    const sentTextAt = (path: string): string | undefined => textsSent[path];
    const paths = Object.keys(extractSiteText(merged));
    const sentText = Object.fromEntries(
      paths.flatMap((path) => {
        const text = sentTextAt(path);
        return text !== undefined && text.trim() !== '' ? [[path, text]] : [];
      }),
    );
    // A text sent blank stops being translated and falls back to the default language again.
    const cleared = paths.filter((path) => sentTextAt(path)?.trim() === '');
    const overlay = { ...translations[lang], ...sentText };
    for (const path of cleared) delete overlay[path];
    nextTranslations = { ...translations, [lang]: overlay };
  }
  const { limits } = await effectivePlan(db, site.ownerId);
  const settings = siteSettingsSchema.parse({ ...base, creatorPlanItem: creatorPlanItemOf(limits) });
  assertSettingsWithinPlan(limits, current, settings);
  // B §5: a campaign or popup dated anew needs an end after its start and later than now.
  const [dateIssue] = settingsDateRangeIssues(current, settings, new Date());
  if (dateIssue) throw fieldError('bad_request', dateIssue.path, dateIssue.key);
  if (!settings.languages.includes(lang)) throw new AppError('bad_request', 'languageNotOffered', { values: { lang } });
  try {
    // The handle column's unique index, not a read before the write, decides: two owners saving one name at once cannot both get it; the domain's likewise.
    return await db.transaction(async (tx) => {
      await tx
        .update(sites)
        .set({ settings, name: settings.name, ...(settings.handle ? { handle: settings.handle } : {}), translations: nextTranslations, updatedAt: new Date() })
        .where(eq(sites.id, site.id))
        .run();
      return { domainChanged: await saveSiteDomain(tx, site.id, settings.customDomain, siteDomain) };
    });
  } catch (error) {
    if (!isUniqueViolation(error) || !settings.handle) throw error;
    const handle = settings.handle;
    throw new AppError('conflict', 'handleTaken', { values: { handle }, issues: [{ path: ['handle'], key: 'handleTaken', values: { handle } }] });
  }
}
