import { eq, sum } from 'drizzle-orm';
import type { StorageUse } from '../../model/plan.ts';
import type { Queries } from '../db/open-database.ts';
import { media, sites } from '../db/schema.ts';
import { effectivePlan } from './effective-plan.ts';

const MB = 1024 * 1024;

/**
 * The media an account's sites hold against its plan's quota. Counted from the media rows, not
 * kept as a counter: a row is stored on upload and goes with its site, so there is nothing
 * to keep in step. The same file on two sites counts twice, as each site's owner sees it.
 * Takes a transaction too: an upload counts and records itself in one (store-upload.ts).
 */
export async function storageUse(db: Queries, ownerId: string): Promise<StorageUse> {
  const { plan } = await effectivePlan(db, ownerId);
  const used = (
    await db
      .select({ bytes: sum(media.size) })
      .from(media)
      .innerJoin(sites, eq(sites.id, media.siteId))
      .where(eq(sites.ownerId, ownerId))
      .get()
  )?.bytes;
  return { usedBytes: Number(used ?? 0), quotaBytes: plan ? plan.storageQuotaMb * MB : null };
}
