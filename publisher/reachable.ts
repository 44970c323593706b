import type { Storage } from '../storage/storage.ts';
import { PRIVATE_MEDIA_PREFIX } from './private-media.ts';
import { readManifest } from './live.ts';
import { objectKey, privateObjectKey, type Manifest } from './versions.ts';

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
async function scannedPublicMedia(storage: Storage, manifest: Pick<Manifest, 'files'>, into: References): Promise<void> {
  for (const file of Object.values(manifest.files)) {
    if (TEXT_TYPES.test(file.contentType)) await scan(storage, objectKey(file.hash), new RegExp(`media/(${HEX64})/`, 'g'), (sha) => into.publicMedia.add(`media/${sha}/`));
  }
}

/**
 * The members-only media folders a version reaches, read from its private page data, where they
 * appear as `private-media/{signature}/{sha256}/`: no manifest names them (a manifest is public).
 */
async function scannedPrivateMedia(storage: Storage, manifest: Pick<Manifest, 'private'>, into: References): Promise<void> {
  for (const file of Object.values(manifest.private)) {
    await scan(storage, privateObjectKey(file.hash), new RegExp(`private-media/[^/]+/(${HEX64})/`, 'g'), (sha) => into.privateMedia.add(`${PRIVATE_MEDIA_PREFIX}media/${sha}/`));
  }
}

/** Adds what one version reaches to `into`. */
export async function addReferences(storage: Storage, manifest: Pick<Manifest, 'files' | 'private' | 'media'>, into: References): Promise<References> {
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
export type StoredManifest = { siteId: string; version: number };

/** Every stored manifest of every site, from one listing of `sites/` (the operators' full sweep, and building the reference index). */
export async function listStoredManifests(storage: Storage): Promise<StoredManifest[]> {
  const found: StoredManifest[] = [];
  for await (const info of storage.list('sites/')) {
    const match = /^sites\/([^/]+)\/manifests\/(\d+)\.json$/.exec(info.key);
    if (match) found.push({ siteId: match[1]!, version: Number(match[2]) });
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
 * What a manifest reaches, worked out once per manifest object: publisher/live.ts keeps one
 * object per version while it remembers the version, so this lives exactly as long, and working
 * out an older manifest's media (reading its pages) is not done again for each sweep.
 */
const reached = new WeakMap<Manifest, Promise<References>>();

/** What one version reaches. Do not change the answer: it is shared. */
export function referencesOf(storage: Storage, manifest: Manifest): Promise<References> {
  let refs = reached.get(manifest);
  if (!refs) {
    refs = addReferences(storage, manifest, emptyReferences());
    reached.set(manifest, refs);
    refs.catch(() => reached.delete(manifest));
  }
  return refs;
}

/** Records what a manifest reaches, worked out by its writer before it was numbered. */
export function knowReferences(manifest: Manifest, refs: References): void {
  reached.set(manifest, Promise.resolve(refs));
}

/** What one stored version reaches; nothing for a version not stored (deleted since it was listed). */
export async function referencesOfVersion(storage: Storage, siteId: string, version: number): Promise<References> {
  const manifest = await readManifest(storage, siteId, version);
  return manifest ? referencesOf(storage, manifest) : emptyReferences();
}
