import { siteStatusSchema } from '../../model/site.ts';
import type { SiteSummary } from '../../model/site-view.ts';
import type { SiteRow } from './find-site.ts';

type SummaryColumns = Pick<SiteRow, 'id' | 'name' | 'status' | 'ownerId' | 'numberHorizontal' | 'numberVertical' | 'liveVersion' | 'publishedAt' | 'createdAt' | 'updatedAt'>;

/** A row of the site list on the wire: dates as ISO strings. */
export function toSiteSummary(row: SummaryColumns): SiteSummary {
  return {
    ...row,
    status: siteStatusSchema.parse(row.status),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
