import { Hono } from 'hono';
import { siteContracts as contracts } from '../../model/contracts/sites.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { campaignClickCounts } from '../visitor/count-campaign-click.ts';

/**
 * The owner's side of the campaign's click counts (V §7): what each banner and button shows
 * visitors now, read the way the visitor call reads it, so the editor and the live panel agree.
 */
export function campaignClickRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.getCampaignClickCounts, async ({ site }) => {
    const campaign = siteSettingsSchema.parse(site.settings).campaign;
    if (!campaign) return { counts: {} };
    const items = [...campaign.banners, ...campaign.buttons];
    const counted = await campaignClickCounts(
      db,
      site.id,
      items.map((item) => item.id),
    );
    return { counts: Object.fromEntries(items.map((item) => [item.id, item.clickCount + (counted.get(item.id) ?? 0)])) };
  });
  return app;
}
