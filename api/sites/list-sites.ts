import { desc, inArray } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { branchIds, type Viewer } from '../identity/account-tree.ts';

/** The sites of the viewer's branch of the tree (all of them for the platform), newest change first. */
export function listSites(db: Db, viewer: Viewer) {
  const columns = {
    id: sites.id,
    name: sites.name,
    status: sites.status,
    ownerId: sites.ownerId,
    numberHorizontal: sites.numberHorizontal,
    numberVertical: sites.numberVertical,
    liveVersion: sites.liveVersion,
    publishedAt: sites.publishedAt,
    createdAt: sites.createdAt,
    updatedAt: sites.updatedAt,
  };
  const query = db.select(columns).from(sites);
  const scoped = viewer.scopeRootId === null ? query : query.where(inArray(sites.ownerId, branchIds(db, viewer.scopeRootId)));
  return scoped.orderBy(desc(sites.updatedAt)).all();
}
