import { and, desc, eq } from 'drizzle-orm';
import { pointHostNames } from '../../publisher/domains.ts';
import { readLivePointer, readManifest } from '../../publisher/live.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { publishes, sites } from '../db/schema.ts';
import { siteHostNames } from '../domains/site-host-names.ts';

/**
 * Settles the publishes a stopped process left "running" (call at start, before any new
 * publish). The live pointer in storage is the truth of what visitors are served; a publish
 * killed after its live switch but before it recorded the version on the site (or moved the
 * custom domain) left the database behind it. Such a site gets the pointer's version, the
 * publish that made it is marked done, and the others failed: their site kept its version.
 * Answers how many publishes it settled.
 */
export async function recoverInterruptedPublishes(db: Db, storage: Storage): Promise<number> {
  const running = await db.select().from(publishes).where(eq(publishes.status, 'running')).orderBy(desc(publishes.startedAt)).all();
  const now = new Date();
  for (const siteId of new Set(running.map((row) => row.siteId))) {
    // One site's unreadable pointer or manifest must not keep the server from starting: its publish is marked failed below.
    await settleSite(siteId).catch((error: unknown) => console.error(`publish recovery of site ${siteId}:`, error));
  }
  await db.update(publishes).set({ status: 'failed', error: 'Interrupted by a server stop.', finishedAt: now }).where(eq(publishes.status, 'running')).run();
  return running.length;

  async function settleSite(siteId: string): Promise<void> {
    const site = await db.select({ liveVersion: sites.liveVersion }).from(sites).where(eq(sites.id, siteId)).get();
    const pointer = await readLivePointer(storage, siteId);
    if (!site || !pointer || pointer.version === site.liveVersion) return;
    const manifest = await readManifest(storage, siteId, pointer.version);
    if (!manifest) return;
    const previous = site.liveVersion === null ? null : await readManifest(storage, siteId, site.liveVersion);
    await pointHostNames(storage, siteId, await siteHostNames(db, siteId), [previous?.address, manifest.address]);
    const latest = running.find((row) => row.siteId === siteId)!;
    await db.transaction(async (tx) => {
      await tx
        .update(sites)
        .set({ status: 'published', liveVersion: pointer.version, publishedAt: new Date(pointer.switchedAt) })
        .where(eq(sites.id, siteId))
        .run();
      await tx
        .update(publishes)
        .set({ status: 'done', version: pointer.version, finishedAt: now })
        .where(and(eq(publishes.id, latest.id), eq(publishes.status, 'running')))
        .run();
    });
  }
}
