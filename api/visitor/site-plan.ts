import type { Db } from '../db/open-database.ts';
import { effectivePlan } from '../identity/effective-plan.ts';

export type SitePlanFlags = { settingFormContact: boolean; settingPopupCta: boolean };

/**
 * The plan flags that gate visitor features (V §6): forms without settingFormContact are
 * locked, popup calls to action without settingPopupCta are hidden. Read from the owner's plan
 * as it is now, not from the copy in the site's settings (creatorPlanItem), so a plan change
 * takes effect on the next visitor call without a save or a republish.
 */
export async function sitePlanFlags(db: Db, site: { ownerId: string }): Promise<SitePlanFlags> {
  const { settingFormContact, settingPopupCta } = (await effectivePlan(db, site.ownerId)).limits;
  return { settingFormContact, settingPopupCta };
}
