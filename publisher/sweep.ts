import type { Storage } from '../storage/storage.ts';
import { pointHostNames } from './domains.ts';
import { uploadKey } from './media.ts';
import { PRIVATE_MEDIA_PREFIX } from './private-media.ts';
import { addReferences, emptyReferences, listStoredManifests, mediaFolderOf, mergeReferences, referencesOfStored, storedSiteIds, type References } from './reachable.ts';
import { KEEP_VERSIONS, pruneVersions } from './retention.ts';
import { readLiveManifest, type Manifest } from './versions.ts';

export type SweepReport = { versionsPruned: number; keysRemoved: number; bytesFreed: number };

const emptyReport = (): SweepReport => ({ versionsPruned: 0, keysRemoved: 0, bytesFreed: 0 });

/**
 * Every function here deletes, so each must run while no publish can be choosing which stored
 * keys it will reuse: inside the exclusive storage lease (api/publishing/storage-lease.ts).
 */

async function removeKey(storage: Storage, key: string, report: SweepReport): Promise<void> {
  const info = await storage.head(key);
  if (!info) return;
  await storage.delete(key);
  report.keysRemoved++;
  report.bytesFreed += info.size;
}

async function removeFolder(storage: Storage, folder: string, report: SweepReport): Promise<void> {
  const keys: { key: string; size: number }[] = [];
  for await (const info of storage.list(folder)) keys.push(info);
  await storage.deleteMany(keys.map((info) => info.key));
  for (const { size } of keys) {
    report.keysRemoved++;
    report.bytesFreed += size;
  }
}

/** What the stored manifests of the site `siteId` reach, and those of every other site. */
async function referencesBySite(storage: Storage, siteId: string): Promise<{ own: References; others: References }> {
  const own = emptyReferences();
  const others = emptyReferences();
  for (const stored of await listStoredManifests(storage)) mergeReferences(stored.siteId === siteId ? own : others, await referencesOfStored(storage, stored));
  return { own, others };
}

/** Removes what `candidates` reaches and `kept` does not. */
async function removeUnreached(storage: Storage, candidates: References, kept: References, report: SweepReport): Promise<void> {
  for (const key of candidates.objects) if (!kept.objects.has(key)) await removeKey(storage, key, report);
  for (const folder of candidates.publicMedia) if (!kept.publicMedia.has(folder)) await removeFolder(storage, folder, report);
  for (const folder of candidates.privateMedia) if (!kept.privateMedia.has(folder)) await removeFolder(storage, folder, report);
}

/**
 * The sweep after a publish of one site: bounded by what that publish can have orphaned.
 * 1. The site's versions beyond retention go, with whatever only they reached.
 * 2. Public media the previous live version showed and the new one shows only on members-only
 *    pages are taken offline at once, unless another site's stored version shows them: a page
 *    locked for members must not keep its images public. This site's older versions do not hold
 *    them (the lock wins); a rollback to one of them is refused while its media are gone
 *    (rollback-site.ts). Media merely dropped from the site stay until retention lets them go,
 *    so a rollback within retention finds them.
 */
export async function sweepAfterPublish(storage: Storage, input: { siteId: string; previous: Manifest | null; keep?: number }): Promise<SweepReport> {
  const report = emptyReport();
  const { pruned } = await pruneVersions(storage, input.siteId, input.keep ?? KEEP_VERSIONS);
  report.versionsPruned = pruned.length;
  const { own, others } = await referencesBySite(storage, input.siteId);
  const allKept = mergeReferences(mergeReferences(emptyReferences(), own), others);
  const orphaned = emptyReferences();
  for (const manifest of pruned) await addReferences(storage, manifest, orphaned);
  await removeUnreached(storage, orphaned, allKept, report);

  const live = await readLiveManifest(storage, input.siteId);
  if (input.previous && live && live.version !== input.previous.version) {
    const before = await addReferences(storage, input.previous, emptyReferences());
    const now = await addReferences(storage, live, emptyReferences());
    for (const folder of before.publicMedia) {
      const lockedNow = now.privateMedia.has(`${PRIVATE_MEDIA_PREFIX}${folder}`);
      if (lockedNow && !now.publicMedia.has(folder) && !others.publicMedia.has(folder)) await removeFolder(storage, folder, report);
    }
  }
  return report;
}

/**
 * Takes a deleted site's versions, pointers and the media no other site's stored version
 * reaches out of storage. Originals are the caller's: they are counted by database rows.
 */
export async function sweepDeletedSite(storage: Storage, siteId: string): Promise<SweepReport> {
  const report = emptyReport();
  const live = await readLiveManifest(storage, siteId);
  const { own, others } = await referencesBySite(storage, siteId);
  // Its handle and domain lead nowhere now, and are free for another site.
  await pointHostNames(storage, siteId, {}, [live?.address]);
  const keys: string[] = [];
  for await (const info of storage.list(`sites/${siteId}/`)) keys.push(info.key);
  for (const key of keys) {
    if (/\/manifests\/\d+\.json$/.test(key)) report.versionsPruned++;
    await removeKey(storage, key, report);
  }
  await removeUnreached(storage, own, others, report);
  return report;
}

export type FullSweepOptions = {
  keep?: number;
  /** Keys last written at or after this instant stay, whatever references them: see docs/decisions.md. */
  olderThan: Date;
  /** The sha256 of every original a media row (of any site, so any draft) names; read after listing. */
  uploadsInUse: () => Promise<ReadonlySet<string>>;
};

/**
 * The operators' sweep over all of storage: prunes every site's versions, then removes every
 * key under `objects/`, `private/` and `media/` no stored version reaches, and every original
 * under `uploads/` no media row names.
 */
export async function sweepStorage(storage: Storage, options: FullSweepOptions): Promise<SweepReport> {
  const report = emptyReport();
  for (const siteId of await storedSiteIds(storage)) report.versionsPruned += (await pruneVersions(storage, siteId, options.keep ?? KEEP_VERSIONS)).pruned.length;
  const kept = emptyReferences();
  for (const stored of await listStoredManifests(storage)) mergeReferences(kept, await referencesOfStored(storage, stored));

  const old = (info: { lastModified: Date }) => info.lastModified.getTime() < options.olderThan.getTime();
  const unreached: { key: string; size: number }[] = [];
  for (const prefix of ['objects/', 'private/objects/']) {
    for await (const info of storage.list(prefix)) if (old(info) && !kept.objects.has(info.key)) unreached.push(info);
  }
  for (const [prefix, folders] of [
    ['media/', kept.publicMedia],
    ['private/media/', kept.privateMedia],
  ] as const) {
    for await (const info of storage.list(prefix)) {
      const folder = mediaFolderOf(info.key);
      if (folder && old(info) && !folders.has(folder)) unreached.push(info);
    }
  }
  const uploads: { key: string; size: number }[] = [];
  for await (const info of storage.list('uploads/')) if (old(info) && /^uploads\/[0-9a-f]{64}$/.test(info.key)) uploads.push(info);
  const inUse = await options.uploadsInUse();
  for (const info of uploads) if (!inUse.has(info.key.slice('uploads/'.length))) unreached.push(info);

  await storage.deleteMany(unreached.map((info) => info.key));
  for (const { size } of unreached) {
    report.keysRemoved++;
    report.bytesFreed += size;
  }
  return report;
}

/** Deletes the originals of these content hashes; the caller has checked no media row names them. */
export async function removeOriginals(storage: Storage, sha256s: Iterable<string>): Promise<SweepReport> {
  const report = emptyReport();
  for (const sha256 of sha256s) await removeKey(storage, uploadKey(sha256), report);
  return report;
}
