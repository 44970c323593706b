import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { siteDomains } from '../db/schema-access.ts';
import { inBranchOf, type Viewer } from '../identity/account-tree.ts';

const columns = {
  id: sites.id,
  name: sites.name,
  status: sites.status,
  ownerId: sites.ownerId,
  numberHorizontal: sites.numberHorizontal,
  numberVertical: sites.numberVertical,
  settings: sites.settings,
  liveVersion: sites.liveVersion,
  publishedAt: sites.publishedAt,
  createdAt: sites.createdAt,
  updatedAt: sites.updatedAt,
  domainState: siteDomains.state,
};

/** The sites of the viewer's branch of the tree (all of them for the platform), newest change first. */
export async function listSites(db: Db, viewer: Viewer) {
  const query = db.select(columns).from(sites).leftJoin(siteDomains, eq(siteDomains.siteId, sites.id));
  const scoped = viewer.scopeRootId === null ? query : query.where(inBranchOf(sites.ownerId, viewer.scopeRootId));
  return await scoped.orderBy(desc(sites.updatedAt)).all();
}

/** The sites one account owns itself (not its branch's), newest change first. */
export async function listOwnedSites(db: Db, ownerId: string) {
  return await db.select(columns).from(sites).leftJoin(siteDomains, eq(siteDomains.siteId, sites.id)).where(eq(sites.ownerId, ownerId)).orderBy(desc(sites.updatedAt)).all();
}
