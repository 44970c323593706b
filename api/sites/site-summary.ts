import { addressSettingsSchema, siteHomeUrl, type SiteHosting } from '../../model/site-address.ts';
import { siteStatusSchema } from '../../model/site.ts';
import type { SiteSummary } from '../../model/site-view.ts';
import type { SiteRow } from './find-site.ts';

type SummaryColumns = Pick<SiteRow, 'id' | 'name' | 'status' | 'ownerId' | 'numberHorizontal' | 'numberVertical' | 'liveVersion' | 'publishedAt' | 'createdAt' | 'updatedAt' | 'settings'> & {
  /** The custom domain's state, null without one. */
  domainState?: string | null;
};

/** Whether a custom domain is being checked: the list shows "domain checking" (DOMAIN_VERIFYING) meanwhile. */
const CHECKING = new Set(['verifying', 'misconfigured']);

/**
 * A row of the site list on the wire: dates as ISO strings, the address of the site's home page on
 * its own origin, and the status DOMAIN_VERIFYING while its domain is checked.
 */
export function toSiteSummary({ domainState, ...row }: SummaryColumns, hosting: SiteHosting): SiteSummary {
  const { settings, ...columns } = row;
  return {
    ...columns,
    status: domainState && CHECKING.has(domainState) ? 'domain_verifying' : siteStatusSchema.parse(row.status),
    url: siteHomeUrl({ id: row.id, settings: addressSettingsSchema.parse(settings) }, hosting),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
