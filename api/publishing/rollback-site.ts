import { eq } from 'drizzle-orm';
import { readManifest, rollback } from '../../publisher/live.ts';
import type { LivePointer } from '../../publisher/versions.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { siteHostNames } from '../domains/site-host-names.ts';
import { AppError } from '../http/errors.ts';
import { createStorageLease } from './storage-lease.ts';

/**
 * Points a site's live pointer at an earlier version and records it as published; null when that
 * version does not exist. A version whose public media were taken offline when a page became
 * members-only is refused rather than remade: making them public again is a publish's decision,
 * made from the draft, never a side effect of a rollback (docs/decisions.md, "The media sweep").
 * So is a version made for another address than the site's now (a domain replaced or removed, a
 * handle renamed): its pages link to a name that no longer leads here, and may lead to another
 * site by now (docs/decisions.md, "A rollback keeps the site's address").
 */
export async function rollbackSite(db: Db, storage: Storage, siteId: string, version: number): Promise<LivePointer | null> {
  // Shared with publishes: no sweep can take the checked media away before the pointer moves.
  return await createStorageLease(db).whilePublishing(async () => {
    const manifest = await readManifest(storage, siteId, version).catch(() => null);
    if (!manifest) return null;
    const current = await siteHostNames(db, siteId);
    if (manifest.address.handle !== current.handle || manifest.address.domain !== current.domain) throw new AppError('conflict', 'versionAddressChanged');
    for (const key of manifest.media?.public ?? []) {
      if (!(await storage.head(key))) throw new AppError('conflict', 'versionMediaRemoved');
    }
    const pointer = await rollback(storage, siteId, version, current).catch(() => null);
    if (!pointer) return null;
    await db.update(sites).set({ liveVersion: pointer.version, status: 'published' }).where(eq(sites.id, siteId)).run();
    return pointer;
  });
}
