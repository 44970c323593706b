import { eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { inBranch, type Viewer } from '../identity/account-tree.ts';

export type SiteRow = typeof sites.$inferSelect;

/** The site if it belongs to the viewer's branch of the tree; otherwise 404, so another branch's site does not even exist. */
export async function findSiteForAccount(db: Db, viewer: Viewer, siteId: string): Promise<SiteRow> {
  const site = await db.select().from(sites).where(eq(sites.id, siteId)).get();
  if (!site || !(await inBranch(db, viewer, site.ownerId))) throw notFound('siteNotFound');
  return site;
}
