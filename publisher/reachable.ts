import type { Storage } from '../storage/storage.ts';
import { PRIVATE_MEDIA_PREFIX } from './private-media.ts';
import { objectKey, privateObjectKey, readManifest, type Manifest } from './versions.ts';

/**
 * What a version holds on to in storage. Media are counted by folder (`media/{sha256}/`, or
 * `private/media/{sha256}/`): every file of one medium is made from one original, together, and
 * outputs added later under the same folder (another width, HLS renditions) need no sweep change.
 */
export type References = { objects: Set<string>; publicMedia: Set<string>; privateMedia: Set<string> };

export const emptyReferences = (): References => ({ objects: new Set(), publicMedia: new Set(), privateMedia: new Set() });

/** The medium folder a key lies in, or null for a key outside `media/` and `private/media/`. */
export function mediaFolderOf(key: string): string | null {
  const match = /^((?:private\/)?media\/[^/]+\/)/.exec(key);
  return match ? match[1]! : null;
}

const HEX64 = '[0-9a-f]{64}';
const TEXT_TYPES = /^(text\/html|application\/json)/;

async function scan(storage: Storage, key: string, pattern: RegExp, add: (sha: string) => void): Promise<void> {
  const object = await storage.get(key);
  if (!object) return;
  for (const match of Buffer.from(object.body).toString('utf8').matchAll(pattern)) add(match[1]!);
}

/**
 * The public media folders a manifest written before media were listed reaches, read from its
 * pages: they appear as `media/{sha256}/` in public files.
 */
async function scannedPublicMedia(storage: Storage, manifest: Manifest, into: References): Promise<void> {
  for (const file of Object.values(manifest.files)) {
    if (TEXT_TYPES.test(file.contentType)) await scan(storage, objectKey(file.hash), new RegExp(`media/(${HEX64})/`, 'g'), (sha) => into.publicMedia.add(`media/${sha}/`));
  }
}

/**
 * The members-only media folders a version reaches, read from its private page data, where they
 * appear as `private-media/{signature}/{sha256}/`: no manifest names them (a manifest is public).
 */
async function scannedPrivateMedia(storage: Storage, manifest: Manifest, into: References): Promise<void> {
  for (const file of Object.values(manifest.private)) {
    await scan(storage, privateObjectKey(file.hash), new RegExp(`private-media/[^/]+/(${HEX64})/`, 'g'), (sha) => into.privateMedia.add(`${PRIVATE_MEDIA_PREFIX}media/${sha}/`));
  }
}

/** Adds what one version reaches to `into`. */
export async function addReferences(storage: Storage, manifest: Manifest, into: References): Promise<References> {
  for (const file of Object.values(manifest.files)) into.objects.add(objectKey(file.hash));
  for (const file of Object.values(manifest.private)) into.objects.add(privateObjectKey(file.hash));
  await scannedPrivateMedia(storage, manifest, into);
  if (!manifest.media) {
    await scannedPublicMedia(storage, manifest, into);
    return into;
  }
  for (const key of manifest.media.public) {
    const folder = mediaFolderOf(key);
    if (folder) into.publicMedia.add(folder);
  }
  for (const key of manifest.media.private ?? []) {
    const folder = mediaFolderOf(key);
    if (folder) into.privateMedia.add(folder);
  }
  return into;
}

/** Merges `from` into `into`. */
export function mergeReferences(into: References, from: References): References {
  for (const key of from.objects) into.objects.add(key);
  for (const folder of from.publicMedia) into.publicMedia.add(folder);
  for (const folder of from.privateMedia) into.privateMedia.add(folder);
  return into;
}

/** One stored manifest, as a listing names it. */
export type StoredManifest = { siteId: string; version: number; etag: string };

/** Every stored manifest of every site, from one listing of `sites/`. */
export async function listStoredManifests(storage: Storage): Promise<StoredManifest[]> {
  const found: StoredManifest[] = [];
  for await (const info of storage.list('sites/')) {
    const match = /^sites\/([^/]+)\/manifests\/(\d+)\.json$/.exec(info.key);
    if (match) found.push({ siteId: match[1]!, version: Number(match[2]), etag: info.etag });
  }
  return found;
}

/** The ids of every site with anything stored under `sites/`. */
export async function storedSiteIds(storage: Storage): Promise<string[]> {
  const ids = new Set<string>();
  for await (const info of storage.list('sites/')) {
    const id = info.key.split('/')[1];
    if (id) ids.add(id);
  }
  return [...ids];
}

/**
 * A manifest's bytes never change once written, so what it reaches is worked out once per
 * process: the sweep after every publish reads every site's kept versions, and re-reading and
 * parsing them each time was most of its cost (bench/sweep.bench.ts).
 */
const cache = new WeakMap<Storage, Map<string, References>>();
const CACHE_LIMIT = 20_000;

/** What one stored manifest reaches; nothing for a manifest deleted since it was listed. */
export async function referencesOfStored(storage: Storage, stored: StoredManifest): Promise<References> {
  const byKey = cache.get(storage) ?? new Map<string, References>();
  cache.set(storage, byKey);
  const key = `${stored.siteId}/${stored.version}@${stored.etag}`;
  const known = byKey.get(key);
  if (known) return known;
  const manifest = await readManifest(storage, stored.siteId, stored.version);
  const refs = manifest ? await addReferences(storage, manifest, emptyReferences()) : emptyReferences();
  if (byKey.size >= CACHE_LIMIT) byKey.clear();
  if (manifest) byKey.set(key, refs);
  return refs;
}
