import type { Storage } from '../storage/storage.ts';
import { deleteVersion, readManifest, storedVersions } from './live.ts';
import type { Manifest } from './versions.ts';

/**
 * How many versions a site keeps besides the live one. Ten covers a day of busy editing to
 * roll back through, while a manifest is a few kilobytes: what retention really holds on to is
 * the media and pages only old versions use, and those are what the sweep can free.
 */
export const KEEP_VERSIONS = 10;

/**
 * The versions a site keeps: the live one and the `keep` newest. A rollback may point the live
 * pointer at an old version; it stays kept however many publishes come after it.
 *
 * @example versionsToKeep([1, 2, 3, 4], 1, 2) // Set {1, 3, 4}
 */
export function versionsToKeep(versions: readonly number[], live: number | null, keep = KEEP_VERSIONS): Set<number> {
  const kept = new Set([...versions].sort((a, b) => b - a).slice(0, keep));
  if (live !== null) kept.add(live);
  return kept;
}

export type PrunedVersions = { kept: number[]; pruned: Manifest[] };

/**
 * Deletes the manifests of a site's versions beyond retention; `live` is the version the pointer
 * names now, read by the caller inside the exclusive storage lease (a rollback may have moved it
 * since the publish). Returns the kept version numbers and the pruned manifests, read before they
 * went: they name what may have become unreachable.
 */
export async function pruneVersions(storage: Storage, siteId: string, live: number | null, keep = KEEP_VERSIONS): Promise<PrunedVersions> {
  const versions = await storedVersions(storage, siteId);
  const toKeep = versionsToKeep(versions, live, keep);
  const result: PrunedVersions = { kept: versions.filter((version) => toKeep.has(version)).sort((a, b) => a - b), pruned: [] };
  for (const version of versions.filter((version) => !toKeep.has(version)).sort((a, b) => a - b)) {
    const manifest = await readManifest(storage, siteId, version);
    await deleteVersion(storage, siteId, version);
    if (manifest) result.pruned.push(manifest);
  }
  return result;
}
