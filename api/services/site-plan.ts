import type { SiteSettings } from '../../model/site.ts';

export type SitePlanFlags = { settingFormContact: boolean; settingPopupCta: boolean };

/**
 * The plan flags that gate visitor features (V §6): forms without settingFormContact are
 * locked, popup calls to action without settingPopupCta are hidden. Read from the site's
 * creatorPlanItem (V §3), which allows everything unless set; the identity work supplies the
 * owner's real plan by changing this function alone.
 */
export function sitePlanFlags(site: { settings: Pick<SiteSettings, 'creatorPlanItem'> }): SitePlanFlags {
  const { settingFormContact, settingPopupCta } = site.settings.creatorPlanItem;
  return { settingFormContact, settingPopupCta };
}
