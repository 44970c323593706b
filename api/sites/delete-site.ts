import { eq, inArray } from 'drizzle-orm';
import { removeOriginals, sweepDeletedSite, type SweepReport } from '../../publisher/sweep.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { media, sites } from '../db/schema.ts';
import { createStorageLease } from '../publishing/storage-lease.ts';

/**
 * Deletes a site: its draft, its versions and pointers, and the media and originals no other
 * site uses (content-addressed objects are shared between sites, so each is checked against the
 * others' stored versions and media rows). Runs inside the exclusive storage lease, so no publish
 * can be about to reuse what goes.
 */
export async function deleteSite(db: Db, storage: Storage, siteId: string): Promise<SweepReport> {
  return await createStorageLease(db).whileSweeping(async () => {
    const report = await sweepDeletedSite(storage, siteId);
    const own = (await db.selectDistinct({ sha256: media.sha256 }).from(media).where(eq(media.siteId, siteId)).all()).map((row) => row.sha256);
    // The media rows go with the site (cascade); then an original no remaining row names is unused.
    await db.delete(sites).where(eq(sites.id, siteId)).run();
    const stillUsed = new Set(own.length ? (await db.selectDistinct({ sha256: media.sha256 }).from(media).where(inArray(media.sha256, own)).all()).map((row) => row.sha256) : []);
    const originals = await removeOriginals(
      storage,
      own.filter((sha256) => !stillUsed.has(sha256)),
    );
    return { versionsPruned: report.versionsPruned, keysRemoved: report.keysRemoved + originals.keysRemoved, bytesFreed: report.bytesFreed + originals.bytesFreed };
  });
}
