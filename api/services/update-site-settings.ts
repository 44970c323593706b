import { and, eq, ne, sql } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { siteSettingsPatchSchema, siteSettingsSchema } from '../../model/site.ts';
import { applySiteText, extractSiteText, translationsSchema } from '../../model/translation.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { SiteRow } from './find-site.ts';
import { effectivePlan } from './effective-plan.ts';
import { assertSettingsWithinPlan, creatorPlanItemOf } from './plan-gates.ts';

/**
 * Applies a settings change made in one language. Texts (SEO, company information) edited in a
 * language other than the default go to that language's overlay; the grid size has its own call.
 * A change to what the owner's plan gates (languages, SEO and tags, popup CTAs, private
 * domain) needs the plan's flag; the plan items the viewer reads follow the plan.
 */
export function updateSiteSettings(db: Db, site: SiteRow, body: unknown, lang: Language): void {
  const patch = siteSettingsPatchSchema.parse(body);
  if ('numberHorizontal' in patch || 'numberVertical' in patch) {
    throw new AppError('bad_request', 'gridThroughSettings');
  }
  const current = siteSettingsSchema.parse(site.settings);
  const translations = translationsSchema.parse(site.translations);
  // Nested objects merge field by field from what was sent, not from the parsed patch, whose
  // defaults would otherwise reset every field the client left out.
  const sent = (body ?? {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...current, ...patch };
  for (const key of ['seo', 'company', 'scripts'] as const) {
    if (isPlainObject(sent[key])) merged[key] = { ...current[key], ...sent[key] };
  }
  const defaultLanguage = (merged as typeof current).defaultLanguage;
  let base = merged as typeof current;
  let nextTranslations = translations;
  if (lang !== defaultLanguage) {
    // Texts stay as the default language had them; the edit's texts become this language's.
    base = applySiteText(merged as typeof current, extractSiteText(current));
    // Only the texts sent become translations; the rest keep falling back to the default language.
    const sentTextAt = (path: string): string | undefined => {
      const [part, field] = path.split('.') as ['seo' | 'company', string];
      const text = isPlainObject(sent[part]) ? (sent[part] as Record<string, unknown>)[field] : undefined;
      return typeof text === 'string' ? text : undefined;
    };
    const paths = Object.keys(extractSiteText(merged as typeof current));
    const sentText = Object.fromEntries(paths.flatMap((path) => {
      const text = sentTextAt(path);
      return text !== undefined && text.trim() !== '' ? [[path, text]] : [];
    }));
    // A text sent blank stops being translated and falls back to the default language again.
    const cleared = paths.filter((path) => sentTextAt(path)?.trim() === '');
    const overlay = { ...translations[lang], ...sentText };
    for (const path of cleared) delete overlay[path];
    nextTranslations = { ...translations, [lang]: overlay };
  }
  const { limits } = effectivePlan(db, site.ownerId);
  const settings = siteSettingsSchema.parse({ ...base, creatorPlanItem: creatorPlanItemOf(limits) });
  assertSettingsWithinPlan(limits, current, settings);
  if (settings.customDomain) assertDomainFree(db, site.id, settings.customDomain);
  if (!settings.languages.includes(lang)) throw new AppError('bad_request', 'languageNotOffered', { values: { lang } });
  db.update(sites)
    .set({ settings, name: settings.name, translations: nextTranslations, updatedAt: new Date() })
    .where(eq(sites.id, site.id))
    .run();
}

/** One domain serves one site: the site host maps a host name to exactly one. */
function assertDomainFree(db: Db, siteId: string, domain: string): void {
  const taken = db.select({ id: sites.id }).from(sites)
    .where(and(ne(sites.id, siteId), sql`lower(json_extract(${sites.settings}, '$.customDomain')) = ${domain.toLowerCase()}`))
    .get();
  if (taken) throw new AppError('conflict', 'domainTaken', { values: { domain }, issues: [{ path: ['customDomain'], key: 'domainTaken', values: { domain } }] });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
