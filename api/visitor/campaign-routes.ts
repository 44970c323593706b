import { Hono } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import { isCampaignActive } from '../../model/campaign-rules.ts';
import { idSchema } from '../../model/validation.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { countCampaignClick } from './count-campaign-click.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { campaignAnswer, notificationsAnswer } from './site-extras.ts';
import { visitorLanguage } from './visitor-language.ts';

function siteIdParam(value: string | undefined): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw fieldError('validation', ['site_id'], 'invalidId');
  return parsed.data;
}

/**
 * Campaign side panels (V §4) and notifications (published ones inside their window, in the visitor's language), read from the saved settings so they change
 * without a republish. `GET /end-user/campaign/{id}/click?site_id=` counts a click on a
 * campaign button or banner and answers the new count as a bare number (V §7).
 */
export function campaignRoutes(deps: { db: Db; clock?: () => Date }) {
  const { db } = deps;
  const now = () => deps.clock?.() ?? new Date();
  const app = new Hono<AppEnv>();
  route(app, contracts.campaign, async ({ c, params }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    return await campaignAnswer(db, site, now());
  });
  route(app, contracts.campaignClick, async ({ c, params, query }) => {
    const site = await findVisitorSite(db, siteIdParam(query.site_id), c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, query.lang);
    const campaign = site.settings.campaign;
    const item = [...(campaign?.buttons ?? []), ...(campaign?.banners ?? [])].find((candidate) => candidate.id === params.itemId);
    // Only a campaign that counts clicks (isOnClickCount) and is on the air counts them.
    if (!campaign || !item || !campaign.isOnClickCount || !isCampaignActive(campaign, now())) throw new AppError('not_found', 'notFound', { lang: lang });
    return item.clickCount + (await countCampaignClick(db, site.id, item.id));
  });
  route(app, contracts.notifications, async ({ c, query }) => {
    const site = await findVisitorSite(db, siteIdParam(query.site_id), c.var.hostSiteId);
    return notificationsAnswer(site.settings, now(), visitorLanguage(c, site.settings, query.lang));
  });
  return app;
}
