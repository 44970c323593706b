import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { pages } from '../db/schema.ts';

/** How many pages the site's grid has (drafted, whatever their state). */
export async function countSitePages(db: Db, siteId: string): Promise<number> {
  return (await db.select({ n: count() }).from(pages).where(eq(pages.siteId, siteId)).get())?.n ?? 0;
}
