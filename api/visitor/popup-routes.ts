import { Hono } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import { applicantRemaining, isPopupCtaActive, type PopupPlace } from '../../model/popup-cta.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { countApplicant } from './count-applicant.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { listPopups } from './list-popups.ts';
import { sitePlanFlags } from './site-plan.ts';
import { visitorLanguage } from './visitor-language.ts';

/**
 * Popup calls to action (V §4). `GET …/popup-cta` lists the site's time- and applicant-limited
 * popups with numberClicks and remaining (and `active` for a page when `page_order` is given);
 * `POST …/popup-cta/{popupId}/apply` counts one applicant, never past the limit.
 */
export function popupRoutes(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const app = new Hono<AppEnv>();
  route(app, contracts.listPopups, async ({ c, params, query }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const order = Number(query.page_order);
    const place: PopupPlace | null = Number.isInteger(order) && order > 0 ? { pageOrder: order, hasDetail: query.has_detail !== 'false' } : null;
    const at = now();
    const popups = (await listPopups(db, site)).map((popup) => (place ? { ...popup, active: isPopupCtaActive(popup, popup.kind, place, at) } : popup));
    return { popups };
  });
  route(app, contracts.applyPopup, async ({ c, params, query }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, query.lang);
    const item = site.settings.popupCtas.applicantLimit;
    if (!item || item.id !== c.req.param('popupId') || !(await sitePlanFlags(db, site)).settingPopupCta) throw new AppError('not_found', 'notFound', { lang });
    const at = now().getTime();
    if ((item.startDate && Date.parse(item.startDate) > at) || (item.endDate && Date.parse(item.endDate) < at)) throw new AppError('bad_request', 'popupInactive', { lang });
    const counted = await countApplicant(db, site.id, item.id, (item.limit ?? 0) - item.numberClicks);
    if (counted === null) throw new AppError('conflict', 'applicantsFull', { lang });
    const numberClicks = item.numberClicks + counted;
    return { numberClicks, remaining: applicantRemaining(item, numberClicks) };
  });
  return app;
}
