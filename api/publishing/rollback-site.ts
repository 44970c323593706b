import { eq } from 'drizzle-orm';
import { rollback, type LivePointer } from '../../publisher/versions.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';

/** Points a site's live pointer at an earlier version and records it as published; null when that version does not exist. */
export async function rollbackSite(db: Db, storage: Storage, siteId: string, version: number): Promise<LivePointer | null> {
  const pointer = await rollback(storage, siteId, version).catch(() => null);
  if (!pointer) return null;
  db.update(sites).set({ liveVersion: pointer.version, status: 'published' }).where(eq(sites.id, siteId)).run();
  return pointer;
}
