import { eq } from 'drizzle-orm';
import { unpublish } from '../../publisher/unpublish.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';

/**
 * Takes a site's live version down and records it as unpublished; false when nothing was live.
 * The row is written even when storage had no pointer left, so a half-done earlier attempt ends here.
 */
export async function unpublishSite(db: Db, storage: Storage, siteId: string): Promise<boolean> {
  const row = await db.select({ liveVersion: sites.liveVersion }).from(sites).where(eq(sites.id, siteId)).get();
  const wasLive = await unpublish(storage, siteId);
  if (!wasLive && row?.liveVersion == null) return false;
  await db.update(sites).set({ status: 'unpublished', liveVersion: null }).where(eq(sites.id, siteId)).run();
  return true;
}
