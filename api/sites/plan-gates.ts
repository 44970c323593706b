import { count, eq } from 'drizzle-orm';
import type { PlanFlag, PlanLimits } from '../../model/plan.ts';
import type { SiteSettings } from '../../model/site.ts';
import type { Queries } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/** Refuses with 403 a feature the plan lacks. */
export function assertPlanFlag(limits: PlanLimits, flag: PlanFlag): void {
  if (!limits[flag]) throw new AppError('forbidden', 'planFeatureLocked', { details: { planFlag: flag } });
}

/** Spec §5: rows times columns cannot exceed the plan's max creatives (quantitySwipe). */
export function assertGridWithinPlan(limits: PlanLimits, numberHorizontal: number, numberVertical: number): void {
  if (numberHorizontal * numberVertical > limits.quantitySwipe) {
    throw new AppError('validation', 'planSwipeLimit', { details: { quantitySwipe: limits.quantitySwipe } });
  }
}

/** An owner has at most quantitySite sites. */
export async function assertSiteQuota(db: Queries, ownerId: string, limits: PlanLimits): Promise<void> {
  const owned = (await db.select({ n: count() }).from(sites).where(eq(sites.ownerId, ownerId)).get())?.n ?? 0;
  if (owned >= limits.quantitySite) throw new AppError('forbidden', 'planSiteLimit', { details: { quantitySite: limits.quantitySite } });
}

/** More than one language needs multiLanguage. */
export function assertLanguagesWithinPlan(limits: PlanLimits, languages: readonly string[]): void {
  if (languages.length > 1) assertPlanFlag(limits, 'multiLanguage');
}

/** Settings a plan flag gates; a change to one of them (not merely resending it) needs the flag. */
const GATED_SETTINGS: readonly [keyof SiteSettings, PlanFlag][] = [
  ['seo', 'settingTagSeo'],
  ['popupCtas', 'settingPopupCta'],
  ['customDomain', 'privateDomain'],
  ['customPathPrefix', 'privateDomain'],
];

/** Checks a settings change against the owner's plan: languages, SEO and tags, popup CTAs, private domain. */
export function assertSettingsWithinPlan(limits: PlanLimits, current: SiteSettings, next: SiteSettings): void {
  if (next.languages.length > current.languages.length || next.languages.some((lang) => !current.languages.includes(lang))) {
    assertLanguagesWithinPlan(limits, next.languages);
  }
  for (const [key, flag] of GATED_SETTINGS) {
    // Removing a domain or prefix takes nothing from the plan: an owner whose plan lost the flag can still clear it.
    const cleared = (key === 'customDomain' || key === 'customPathPrefix') && !next[key];
    if (!cleared && JSON.stringify(current[key]) !== JSON.stringify(next[key])) assertPlanFlag(limits, flag);
  }
}

/** The plan items the viewer reads from a site (spec §6: form links locked, popup CTAs hidden without them). */
export function creatorPlanItemOf(limits: PlanLimits): SiteSettings['creatorPlanItem'] {
  return { settingFormContact: limits.settingFormContact, settingPopupCta: limits.settingPopupCta };
}
