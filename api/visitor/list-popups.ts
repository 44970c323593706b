import { applicantRemaining, POPUP_KINDS } from '../../model/popup-cta.ts';
import type { PopupCtaItem } from '../../model/site.ts';
import type { Db } from '../db/open-database.ts';
import { countedApplicants } from './count-applicant.ts';
import type { ExtrasSite } from './site-extras.ts';
import { sitePlanFlags } from './site-plan.ts';

export type PopupView = PopupCtaItem & { kind: (typeof POPUP_KINDS)[number]; remaining: number | null; active?: boolean };

/** The site's popups as visitors get them: applicant counts live, none at all without the plan's settingPopupCta. */
export function listPopups(db: Db, site: ExtrasSite): PopupView[] {
  // V §6: without settingPopupCta the popups are hidden entirely.
  if (!sitePlanFlags(db, site).settingPopupCta) return [];
  return POPUP_KINDS.flatMap((kind): PopupView[] => {
    const item = site.settings.popupCtas[kind];
    if (!item) return [];
    if (kind === 'timeLimit') return [{ ...item, kind, remaining: null }];
    const numberClicks = item.numberClicks + countedApplicants(db, site.id, item.id);
    return [{ ...item, kind, numberClicks, remaining: applicantRemaining(item, numberClicks) }];
  });
}
