import type { Storage } from '../storage/storage.ts';
import { forEachLimit } from './concurrency.ts';
import { emptyReferences, listStoredManifests, mergeReferences, referencesOfVersion, type References } from './reachable.ts';

/**
 * The reference index: which sites' stored versions reach a key. One empty object per key and
 * site, `refs/{key}/{siteId}` (a medium by its folder, `refs/media/{sha256}/{siteId}`; a key under
 * `private/` under `private/refs/`, since its name must stay as private as the key), so whether
 * any other site still reaches a key is one listing of that key's few entries, whatever the number
 * of sites: the sweep after a publish no longer lists and reads every site's manifests.
 *
 * Kept true by three rules. A publish adds its site's entries for what its version reaches and
 * the version it replaces did not, before it writes the manifest (an entry without a manifest only
 * keeps a key longer). A sweep removes a site's entry for a key once none of the site's stored
 * versions reaches it, before it deletes the key. The operators' full sweep rebuilds the index from
 * every stored manifest, and so does the first sweep on a storage that has none (`refs/index.json`
 * says one was built). Every writer but the publish holds the exclusive storage lease; the publish
 * holds it shared, so no sweep reads the index while a publish adds to it.
 */

const INDEX = 'refs/';
const PRIVATE = 'private/';
const BUILT_KEY = 'refs/index.json';
const WRITES_IN_FLIGHT = 8;

/** Every key a version's references name: objects by key, media by folder. */
export function referencedKeys(refs: References): string[] {
  return [...refs.objects, ...refs.publicMedia, ...refs.privateMedia];
}

/** Where a key's entries lie: `refs/objects/{hash}/`, `refs/media/{sha256}/`, `private/refs/objects/{hash}/`, `private/refs/media/{sha256}/`. */
function entriesOf(key: string): string {
  const folder = key.endsWith('/') ? key : `${key}/`;
  return folder.startsWith(PRIVATE) ? `${PRIVATE}${INDEX}${folder.slice(PRIVATE.length)}` : `${INDEX}${folder}`;
}
const entryKey = (key: string, siteId: string) => `${entriesOf(key)}${siteId}`;

/** Records that the site's stored versions reach these keys. */
export async function addEntries(storage: Storage, siteId: string, keys: Iterable<string>): Promise<void> {
  await forEachLimit([...keys], WRITES_IN_FLIGHT, (key) => storage.put(entryKey(key, siteId), '', { contentType: 'application/octet-stream' }));
}

/** Records that none of the site's stored versions reaches `key` any more. */
export async function removeEntry(storage: Storage, siteId: string, key: string): Promise<void> {
  await storage.delete(entryKey(key, siteId));
}

/** Whether a stored version of any site but `siteId` (of any site, when not given) reaches `key`. */
export async function reachedByOthers(storage: Storage, key: string, siteId?: string): Promise<boolean> {
  const own = siteId === undefined ? null : entryKey(key, siteId);
  for await (const entry of storage.list(entriesOf(key))) if (entry.key !== own) return true;
  return false;
}

/** What each site's stored versions reach, from one listing of every site's manifests. */
export async function referencesBySite(storage: Storage): Promise<Map<string, References>> {
  const bySite = new Map<string, References>();
  for (const stored of await listStoredManifests(storage)) {
    const refs = bySite.get(stored.siteId) ?? emptyReferences();
    bySite.set(stored.siteId, mergeReferences(refs, await referencesOfVersion(storage, stored.siteId, stored.version)));
  }
  return bySite;
}

/**
 * Makes the index say exactly what `bySite` says (every site's stored versions, as the full sweep
 * read them): missing entries are added, entries no stored version accounts for (a publish killed
 * before its manifest, a sweep killed between an entry and its key) removed.
 */
export async function rebuildIndex(storage: Storage, bySite: Map<string, References>): Promise<{ added: number; removed: number }> {
  const expected = new Set<string>();
  for (const [siteId, refs] of bySite) for (const key of referencedKeys(refs)) expected.add(entryKey(key, siteId));
  const stale: string[] = [];
  for (const prefix of [INDEX, `${PRIVATE}${INDEX}`]) {
    for await (const info of storage.list(prefix)) {
      if (info.key === BUILT_KEY) continue;
      if (!expected.delete(info.key)) stale.push(info.key);
    }
  }
  await storage.deleteMany(stale);
  await forEachLimit([...expected], WRITES_IN_FLIGHT, (key) => storage.put(key, '', { contentType: 'application/octet-stream' }));
  await storage.put(BUILT_KEY, JSON.stringify({ builtAt: new Date().toISOString() }), { contentType: 'application/json' });
  built.add(storage);
  return { added: expected.size, removed: stale.length };
}

const built = new WeakSet<Storage>();

/**
 * Builds the index once for a storage written before it existed (every site's manifests read,
 * once); a storage that has one is only checked, once per process. Inside the exclusive lease.
 */
export async function ensureIndex(storage: Storage): Promise<void> {
  if (built.has(storage)) return;
  if (await storage.head(BUILT_KEY)) built.add(storage);
  else await rebuildIndex(storage, await referencesBySite(storage));
}
