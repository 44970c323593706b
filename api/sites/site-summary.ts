import { addressSettingsSchema, siteHomeUrl, type SiteHosting } from '../../model/site-address.ts';
import { siteStatusSchema } from '../../model/site.ts';
import type { SiteSummary } from '../../model/site-view.ts';
import type { SiteRow } from './find-site.ts';

type SummaryColumns = Pick<SiteRow, 'id' | 'name' | 'status' | 'ownerId' | 'numberHorizontal' | 'numberVertical' | 'liveVersion' | 'publishedAt' | 'createdAt' | 'updatedAt' | 'settings'>;

/** A row of the site list on the wire: dates as ISO strings, and the address of the site's home page on its own origin. */
export function toSiteSummary(row: SummaryColumns, hosting: SiteHosting): SiteSummary {
  const { settings, ...columns } = row;
  return {
    ...columns,
    status: siteStatusSchema.parse(row.status),
    url: siteHomeUrl({ id: row.id, settings: addressSettingsSchema.parse(settings) }, hosting),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
