import { and, eq, inArray, sum } from 'drizzle-orm';
import { monthStartsAt, type BillingMonth } from '../../model/billing-month.ts';
import type { Queries } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { analyticsSiteRollups } from '../db/schema-analytics.ts';

/** The page views of an account's sites in a month of Japan time, from the monthly rollups' all-combinations rows. */
export async function monthPageViews(db: Queries, accountId: string, month: BillingMonth): Promise<number> {
  const owned = db.select({ id: sites.id }).from(sites).where(eq(sites.ownerId, accountId));
  const row = await db
    .select({ views: sum(analyticsSiteRollups.views) })
    .from(analyticsSiteRollups)
    .where(and(eq(analyticsSiteRollups.grain, 'M'), eq(analyticsSiteRollups.bucket, monthStartsAt(month)), inArray(analyticsSiteRollups.siteId, owned)))
    .get();
  return Number(row?.views ?? 0);
}
