import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { campaignClicks } from '../db/schema-visitor.ts';

/** Counts one click on a campaign button or banner and returns the API's count after it (one statement). */
export async function countCampaignClick(db: Db, siteId: string, itemId: string): Promise<number> {
  return (
    await db
      .insert(campaignClicks)
      .values({ siteId, itemId, clicks: 1 })
      .onConflictDoUpdate({ target: [campaignClicks.siteId, campaignClicks.itemId], set: { clicks: sql`${campaignClicks.clicks} + 1` } })
      .returning({ clicks: campaignClicks.clicks })
      .get()
  ).clicks;
}

/** The API's click counts of these campaign items, by item id (absent: none yet). */
export async function campaignClickCounts(db: Db, siteId: string, itemIds: string[]): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(campaignClicks)
    .where(and(eq(campaignClicks.siteId, siteId), inArray(campaignClicks.itemId, itemIds)))
    .all();
  return new Map(rows.map((row) => [row.itemId, row.clicks]));
}
