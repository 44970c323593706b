import { eq } from 'drizzle-orm';
import type { Storage } from '../../storage/storage.ts';
import { liveKey } from '../../publisher/versions.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';

/** Deletes a site's draft and takes it off the air; its published objects may be shared and stay. */
export async function deleteSite(db: Db, storage: Storage, siteId: string): Promise<void> {
  await storage.delete(liveKey(siteId));
  for await (const info of storage.list(`sites/${siteId}/`)) await storage.delete(info.key);
  db.delete(sites).where(eq(sites.id, siteId)).run();
}
