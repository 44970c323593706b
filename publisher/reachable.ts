import type { Storage } from '../storage/storage.ts';
import { PRIVATE_MEDIA_PREFIX } from './private-media.ts';
import { storedVersions } from './retention.ts';
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

/**
 * The media folders a manifest written before media were listed reaches, read from its pages:
 * public media appear as `media/{sha256}/` in public files, members-only ones as
 * `private-media/{signature}/{sha256}/` in private page data.
 */
async function scannedMedia(storage: Storage, manifest: Manifest, into: References): Promise<void> {
  const scan = async (key: string, pattern: RegExp, add: (sha: string) => void) => {
    const object = await storage.get(key);
    if (!object) return;
    for (const match of Buffer.from(object.body).toString('utf8').matchAll(pattern)) add(match[1]!);
  };
  for (const file of Object.values(manifest.files)) {
    if (TEXT_TYPES.test(file.contentType)) await scan(objectKey(file.hash), new RegExp(`media/(${HEX64})/`, 'g'), (sha) => into.publicMedia.add(`media/${sha}/`));
  }
  for (const file of Object.values(manifest.private)) {
    await scan(privateObjectKey(file.hash), new RegExp(`private-media/[^/]+/(${HEX64})/`, 'g'), (sha) => into.privateMedia.add(`${PRIVATE_MEDIA_PREFIX}media/${sha}/`));
  }
}

/** Adds what one version reaches to `into`. */
export async function addReferences(storage: Storage, manifest: Manifest, into: References): Promise<References> {
  for (const file of Object.values(manifest.files)) into.objects.add(objectKey(file.hash));
  for (const file of Object.values(manifest.private)) into.objects.add(privateObjectKey(file.hash));
  if (!manifest.media) {
    await scannedMedia(storage, manifest, into);
    return into;
  }
  for (const key of manifest.media.public) {
    const folder = mediaFolderOf(key);
    if (folder) into.publicMedia.add(folder);
  }
  for (const key of manifest.media.private) {
    const folder = mediaFolderOf(key);
    if (folder) into.privateMedia.add(folder);
  }
  return into;
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

/** Every stored manifest of every site (kept versions only, once each site is pruned), by site. */
export async function storedManifests(storage: Storage): Promise<Map<string, Manifest[]>> {
  const bySite = new Map<string, Manifest[]>();
  for (const siteId of await storedSiteIds(storage)) {
    const manifests: Manifest[] = [];
    for (const version of await storedVersions(storage, siteId)) {
      const manifest = await readManifest(storage, siteId, version);
      if (manifest) manifests.push(manifest);
    }
    bySite.set(siteId, manifests);
  }
  return bySite;
}
