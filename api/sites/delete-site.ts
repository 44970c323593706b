import { eq } from 'drizzle-orm';
import type { Storage } from '../../storage/storage.ts';
import { liveKey, readLiveManifest } from '../../publisher/versions.ts';
import { moveHostPointers } from '../../publisher/domains.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';

/** Deletes a site's draft and takes it off the air, its handle and domain released; its published objects may be shared and stay. */
export async function deleteSite(db: Db, storage: Storage, siteId: string): Promise<void> {
  const live = await readLiveManifest(storage, siteId).catch(() => null);
  await storage.delete(liveKey(siteId));
  // Its handle and domain lead nowhere now, and are free for another site.
  await moveHostPointers(storage, siteId, live?.address, {});
  for await (const info of storage.list(`sites/${siteId}/`)) await storage.delete(info.key);
  db.delete(sites).where(eq(sites.id, siteId)).run();
}
