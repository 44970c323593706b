import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { pages } from '../db/schema.ts';

/** How many pages the site's grid has (drafted, whatever their state). */
export function countSitePages(db: Db, siteId: string): number {
  return db.select({ n: count() }).from(pages).where(eq(pages.siteId, siteId)).get()?.n ?? 0;
}
