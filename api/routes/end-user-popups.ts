import { Hono } from 'hono';
import { applicantRemaining, isPopupCtaActive, POPUP_KINDS, type PopupPlace } from '../../model/popup-cta.ts';
import type { PopupCtaItem } from '../../model/site.ts';
import { visitorText } from '../../model/messages/visitor-text.ts';
import type { Db } from '../db/open-database.ts';
import { AppError } from '../errors.ts';
import { countApplicant, countedApplicants } from '../services/count-applicant.ts';
import { findVisitorSite, type VisitorSite } from '../services/find-visitor-site.ts';
import { sitePlanFlags } from '../services/site-plan.ts';
import { visitorLanguage } from '../visitor-language.ts';

type PopupView = PopupCtaItem & { kind: (typeof POPUP_KINDS)[number]; remaining: number | null; active?: boolean };

function popupsOf(db: Db, site: VisitorSite): PopupView[] {
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

/**
 * Popup calls to action (V §4). `GET …/popup-cta` lists the site's time- and applicant-limited
 * popups with numberClicks and remaining (and `active` for a page when `page_order` is given);
 * `POST …/popup-cta/{popupId}/apply` counts one applicant, never past the limit.
 */
export function endUserPopupRoutes(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  return new Hono()
    .get('/:id/popup-cta', (c) => {
      const site = findVisitorSite(db, c.req.param('id'));
      const order = Number(c.req.query('page_order'));
      const place: PopupPlace | null = Number.isInteger(order) && order > 0 ? { pageOrder: order, hasDetail: c.req.query('has_detail') !== 'false' } : null;
      const at = now();
      const popups = popupsOf(db, site).map((popup) => (place ? { ...popup, active: isPopupCtaActive(popup, popup.kind, place, at) } : popup));
      return c.json({ popups });
    })
    .post('/:id/popup-cta/:popupId/apply', (c) => {
      const site = findVisitorSite(db, c.req.param('id'));
      const lang = visitorLanguage(c, site.settings, c.req.query('lang'));
      const item = site.settings.popupCtas.applicantLimit;
      if (!item || item.id !== c.req.param('popupId') || !sitePlanFlags(db, site).settingPopupCta) throw new AppError('not_found', 'notFound', { lang });
      const at = now().getTime();
      if ((item.startDate && Date.parse(item.startDate) > at) || (item.endDate && Date.parse(item.endDate) < at)) throw new AppError('bad_request', 'popupInactive', { lang });
      const counted = countApplicant(db, site.id, item.id, (item.limit ?? 0) - item.numberClicks);
      if (counted === null) throw new AppError('conflict', 'applicantsFull', { lang });
      const numberClicks = item.numberClicks + counted;
      return c.json({ numberClicks, remaining: applicantRemaining(item, numberClicks) });
    });
}
