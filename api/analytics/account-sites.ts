import type { Db } from '../db/open-database.ts';
import type { Viewer } from '../identity/account-tree.ts';
import { effectivePlan } from '../identity/effective-plan.ts';
import { listSites } from '../sites/list-sites.ts';
import { type ReportSite, reportSite } from './report-site.ts';

export type AccountSite = ReportSite & { name: string };

/**
 * The sites a report across "the account's sites" covers: those of the caller's branch (the same
 * the site list shows it: a customer's own, an agency's customers', every site for the platform)
 * whose owner's plan has analytics, so the view across sites never shows what a site's own report
 * would refuse (docs/decisions.md "Analytics across an account's sites").
 */
export async function accountSites(db: Db, viewer: Viewer): Promise<AccountSite[]> {
  const analyticsOf = new Map<string, boolean>();
  const allowed = async (ownerId: string) => {
    let found = analyticsOf.get(ownerId);
    if (found === undefined) {
      found = (await effectivePlan(db, ownerId)).limits.analyticsEffect;
      analyticsOf.set(ownerId, found);
    }
    return found;
  };
  const shown: Awaited<ReturnType<typeof listSites>> = [];
  for (const site of await listSites(db, viewer)) if (await allowed(site.ownerId)) shown.push(site);
  return shown.map((site) => ({ ...reportSite(site), name: site.name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
