import { and, eq } from 'drizzle-orm';
import { uploadKey } from '../../publisher/media.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { media } from '../db/schema.ts';

/** An upload of the site and its stored bytes; either is missing when the site has no such media or storage lost it. */
export async function readMediaFile(db: Db, storage: Storage, siteId: string, mediaId: string) {
  const record = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.siteId, siteId)))
    .get();
  const object = record ? await storage.get(uploadKey(record.sha256)) : null;
  return { record, object };
}
