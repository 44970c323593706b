import { siteStatusSchema } from '../../model/site.ts';
import type { SiteSummary } from '../../model/site-view.ts';
import type { SiteRow } from './find-site.ts';

type SummaryColumns = Pick<SiteRow, 'id' | 'name' | 'status' | 'ownerId' | 'numberHorizontal' | 'numberVertical' | 'liveVersion' | 'publishedAt' | 'createdAt' | 'updatedAt'> & {
  /** The custom domain's state, null without one. */
  domainState?: string | null;
};

/** Whether a custom domain is being checked: the list shows "domain checking" (DOMAIN_VERIFYING) meanwhile. */
const CHECKING = new Set(['verifying', 'misconfigured']);

/** A row of the site list on the wire: dates as ISO strings; the status is DOMAIN_VERIFYING while its domain is checked. */
export function toSiteSummary({ domainState, ...row }: SummaryColumns): SiteSummary {
  return {
    ...row,
    status: domainState && CHECKING.has(domainState) ? 'domain_verifying' : siteStatusSchema.parse(row.status),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
