import type { Storage } from '../storage/storage.ts';
import { readLivePointer, readManifest, type Manifest } from './versions.ts';

/**
 * Manifests this process has read, per storage. A version's manifest is written once and never
 * changed, so after the live pointer (one small read) a republish needs no manifest read nor parse.
 */
const read = new WeakMap<Storage, Map<string, Manifest>>();

/** The live manifest of a site, or null for a site never published; the manifest itself read once per version. */
export async function readLiveManifestOnce(storage: Storage, siteId: string): Promise<Manifest | null> {
  const pointer = await readLivePointer(storage, siteId);
  if (!pointer) return null;
  let manifests = read.get(storage);
  if (!manifests) {
    manifests = new Map();
    read.set(storage, manifests);
  }
  const key = `${siteId}@${pointer.version}`;
  const known = manifests.get(key);
  if (known) return known;
  const manifest = await readManifest(storage, siteId, pointer.version);
  if (manifest) manifests.set(key, manifest);
  return manifest;
}

/** Forgets what this process read or wrote of `storage`'s manifests, as a restart does. */
export function forgetManifests(storage: Storage): void {
  read.delete(storage);
}

/** Remembers a manifest this process has just written, so the next publish of the site need not read it back. */
export function rememberManifest(storage: Storage, manifest: Manifest): void {
  let manifests = read.get(storage);
  if (!manifests) {
    manifests = new Map();
    read.set(storage, manifests);
  }
  manifests.set(`${manifest.siteId}@${manifest.version}`, manifest);
}
