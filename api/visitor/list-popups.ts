import { applicantRemaining, POPUP_KINDS } from '../../model/popup-cta.ts';
import type { PopupCtaItem } from '../../model/site.ts';
import type { Db } from '../db/open-database.ts';
import { countedApplicants } from './count-applicant.ts';
import type { ExtrasSite } from './site-extras.ts';
import { sitePlanFlags } from './site-plan.ts';

export type PopupView = PopupCtaItem & { kind: (typeof POPUP_KINDS)[number]; remaining: number | null; active?: boolean };

/** The site's popups as visitors get them: applicant counts live, none at all without the plan's settingPopupCta. */
export async function listPopups(db: Db, site: ExtrasSite): Promise<PopupView[]> {
  // V §6: without settingPopupCta the popups are hidden entirely.
  if (!(await sitePlanFlags(db, site)).settingPopupCta) return [];
  const views: PopupView[] = [];
  for (const kind of POPUP_KINDS) {
    const item = site.settings.popupCtas[kind];
    if (!item) continue;
    if (kind === 'timeLimit') {
      views.push({ ...item, kind, remaining: null });
      continue;
    }
    const numberClicks = item.numberClicks + (await countedApplicants(db, site.id, item.id));
    views.push({ ...item, kind, numberClicks, remaining: applicantRemaining(item, numberClicks) });
  }
  return views;
}
