import type { CampaignClicksReport } from '../../model/analytics-report.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import type { Db } from '../db/open-database.ts';
import type { SiteRow } from '../sites/find-site.ts';
import { rangeView, type ReportRange } from './report-range.ts';
import { type RollupFilter, sumCampaignClicks } from './report-sums.ts';

/** Clicks on each banner and button of the site's campaign as saved now, over the range; the total counts removed items too. */
export async function getCampaignClicks(db: Db, site: Pick<SiteRow, 'id' | 'settings'>, range: ReportRange, filter: RollupFilter): Promise<CampaignClicksReport> {
  const clicks = await sumCampaignClicks(db, site, range.period, filter);
  const campaign = siteSettingsSchema.parse(site.settings).campaign;
  const items = [
    ...(campaign?.banners ?? []).map((banner) => ({ id: banner.id, kind: 'banner' as const, side: banner.position, text: '', clicks: clicks.get(banner.id) ?? 0 })),
    ...(campaign?.buttons ?? []).map((button) => ({ id: button.id, kind: 'button' as const, side: button.position, text: button.buttonText, clicks: clicks.get(button.id) ?? 0 })),
  ];
  let total = 0;
  for (const count of clicks.values()) total += count;
  return { range: rangeView(range), items, total };
}
