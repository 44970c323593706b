import type { Storage } from '../storage/storage.ts';
import { pointHostNames } from './domains.ts';
import { uploadKey } from './media.ts';
import { PRIVATE_MEDIA_PREFIX } from './private-media.ts';
import { forgetSite, readLive, readLiveManifest, readLivePointer, readManifest, storedVersions } from './live.ts';
import { emptyReferences, mediaFolderOf, mergeReferences, referencesOf, referencesOfVersion, storedSiteIds, type References } from './reachable.ts';
import { ensureIndex, reachedByOthers, rebuildIndex, referencesBySite, removeEntry } from './reference-index.ts';
import { KEEP_VERSIONS, pruneVersions } from './retention.ts';
import type { Manifest } from './versions.ts';

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

/**
 * For each key `candidates` names that the site's remaining versions (`kept`) do not: the site's
 * entry in the reference index goes, then the key itself unless another site's entry remains. The
 * entry goes first: a sweep killed in between leaves a key nothing names, which the full sweep removes.
 */
async function removeUnreached(storage: Storage, siteId: string, candidates: References, kept: References, report: SweepReport): Promise<void> {
  const sets = [
    [candidates.objects, kept.objects, removeKey],
    [candidates.publicMedia, kept.publicMedia, removeFolder],
    [candidates.privateMedia, kept.privateMedia, removeFolder],
  ] as const;
  for (const [from, keep, remove] of sets) {
    for (const key of from) {
      if (keep.has(key)) continue;
      await removeEntry(storage, siteId, key);
      if (!(await reachedByOthers(storage, key))) await remove(storage, key, report);
    }
  }
}

/** What the site's stored versions (these, or all it has) reach. */
async function siteReferences(storage: Storage, siteId: string, versions?: readonly number[]): Promise<References> {
  const refs = emptyReferences();
  for (const version of versions ?? (await storedVersions(storage, siteId))) mergeReferences(refs, await referencesOfVersion(storage, siteId, version));
  return refs;
}

/**
 * The sweep after a publish of one site: bounded by what that publish can have orphaned, and by
 * the site's own versions (other sites are asked about only through the reference index, one key
 * at a time), so it costs the same however many sites the storage holds.
 * 1. The site's versions beyond retention go, with whatever only they reached.
 * 2. Public media the previous live version showed and the new one shows only on members-only
 *    pages are taken offline at once, unless another site's stored version shows them: a page
 *    locked for members must not keep its images public. This site's older versions do not hold
 *    them (the lock wins); a rollback to one of them is refused while its media are gone
 *    (rollback-site.ts). Media merely dropped from the site stay until retention lets them go,
 *    so a rollback within retention finds them.
 * `previous` is the version the publish replaced and `published` the one it made live (what the
 * publish read and wrote, handed on); the pointer is read once more here, inside the exclusive
 * lease, because a rollback may have moved it since.
 */
export async function sweepAfterPublish(storage: Storage, input: { siteId: string; previous: Manifest | null; published?: Manifest | null; keep?: number }): Promise<SweepReport> {
  const { siteId } = input;
  const report = emptyReport();
  await ensureIndex(storage);
  const live = (await readLive(storage, siteId)).pointer;
  const { kept, pruned } = await pruneVersions(storage, siteId, live?.version ?? null, input.keep ?? KEEP_VERSIONS);
  report.versionsPruned = pruned.length;
  if (pruned.length > 0) {
    const orphaned = emptyReferences();
    for (const manifest of pruned) mergeReferences(orphaned, await referencesOf(storage, manifest));
    await removeUnreached(storage, siteId, orphaned, await siteReferences(storage, siteId, kept), report);
  }

  const now = !live ? null : input.published?.version === live.version ? input.published : await readManifest(storage, siteId, live.version);
  if (input.previous && now && now.version !== input.previous.version) {
    const before = await referencesOf(storage, input.previous);
    const after = await referencesOf(storage, now);
    for (const folder of before.publicMedia) {
      const lockedNow = after.privateMedia.has(`${PRIVATE_MEDIA_PREFIX}${folder}`);
      if (lockedNow && !after.publicMedia.has(folder) && !(await reachedByOthers(storage, folder, siteId))) await removeFolder(storage, folder, report);
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
  await ensureIndex(storage);
  const live = await readLiveManifest(storage, siteId);
  const own = await siteReferences(storage, siteId);
  // Its handle and domain lead nowhere now, and are free for another site.
  await pointHostNames(storage, siteId, {}, [live?.address]);
  const keys: string[] = [];
  for await (const info of storage.list(`sites/${siteId}/`)) keys.push(info.key);
  for (const key of keys) {
    if (/\/manifests\/\d+\.json$/.test(key)) report.versionsPruned++;
    await removeKey(storage, key, report);
  }
  forgetSite(storage, siteId);
  await removeUnreached(storage, siteId, own, emptyReferences(), report);
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
 * under `uploads/` no media row names, and rebuilds the reference index.
 */
export async function sweepStorage(storage: Storage, options: FullSweepOptions): Promise<SweepReport> {
  const report = emptyReport();
  for (const siteId of await storedSiteIds(storage)) {
    const live = (await readLivePointer(storage, siteId))?.version ?? null;
    report.versionsPruned += (await pruneVersions(storage, siteId, live, options.keep ?? KEEP_VERSIONS)).pruned.length;
  }
  const bySite = await referencesBySite(storage);
  const kept = emptyReferences();
  for (const refs of bySite.values()) mergeReferences(kept, refs);

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
  // The reference index made again from what every stored version reaches: whatever a killed publish or sweep left in it goes.
  await rebuildIndex(storage, bySite);
  return report;
}

/** Deletes the originals of these content hashes; the caller has checked no media row names them. */
export async function removeOriginals(storage: Storage, sha256s: Iterable<string>): Promise<SweepReport> {
  const report = emptyReport();
  for (const sha256 of sha256s) await removeKey(storage, uploadKey(sha256), report);
  return report;
}
