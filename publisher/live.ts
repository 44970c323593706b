import { PreconditionFailedError, type Storage } from '../storage/storage.ts';
import { pointHostNames, type HostNames } from './domains.ts';
import { fenceOf, liveKey, livePointerSchema, manifestKey, manifestSchema, StaleLiveSwitchError, type LivePointer, type Manifest } from './versions.ts';

/**
 * The one owner of what is live: every read and write of a site's live pointer
 * (`sites/{id}/live.json`) and of its manifests goes through here, so this process remembers
 * them in one place. Manifests never change once written, so each version is read and parsed
 * once; the pointer changes, so it is read from storage whenever the caller needs it exact
 * (a publish, a rollback, a sweep: {@link readLive}) and from memory for a short while when
 * it serves visitors ({@link readLivePointer} with `maxAgeMs`). A switch made in this process
 * is remembered at once; one made by another process sharing the storage is seen by this one's
 * visitors within {@link LIVE_POINTER_TTL_MS}.
 */

/** The live pointer as stored: `pointer` null for a site not published, `etag` what a switch compares against. */
export type LiveRead = { pointer: LivePointer | null; etag: string | null };

/**
 * How long the site host serves a site's pointer from memory. Bounds how stale another node's
 * switch can be on this one (a switch here is seen at once); a page view costs no storage read
 * meanwhile, and a busy site one small read per this span.
 */
export const LIVE_POINTER_TTL_MS = 2_000;
const CACHED_POINTERS_MAX = 10_000;
/**
 * Manifests kept, counted by their files (a 4,000-page site in 4 languages has 32,000): enough for
 * every site a node serves in most deployments; past it the least recently used go first.
 */
const CACHED_FILES_MAX = 400_000;

type PointerEntry = { pointer: LivePointer | null; at: number; order: number };
type State = {
  pointers: Map<string, PointerEntry>;
  pointerReads: Map<string, Promise<LivePointer | null>>;
  manifests: Map<string, Manifest>;
  manifestReads: Map<string, Promise<Manifest | null>>;
  files: number;
  /**
   * Orders what this process learns of a pointer: a read takes its number when it begins, a switch
   * when its write has ended, so a read begun before a switch ended never replaces what it wrote.
   */
  order: number;
};
const states = new WeakMap<Storage, State>();

function stateOf(storage: Storage): State {
  let state = states.get(storage);
  if (!state) {
    state = { pointers: new Map(), pointerReads: new Map(), manifests: new Map(), manifestReads: new Map(), files: 0, order: 0 };
    states.set(storage, state);
  }
  return state;
}

/** Remembers a pointer learned at `order`, unless something learned later is remembered already. */
function learnPointer(state: State, siteId: string, pointer: LivePointer | null, order: number): void {
  const known = state.pointers.get(siteId);
  if (known && known.order > order) return;
  if (!known && state.pointers.size >= CACHED_POINTERS_MAX) state.pointers.clear();
  state.pointers.set(siteId, { pointer, at: Date.now(), order });
}

const manifestCacheKey = (siteId: string, version: number) => `${siteId}@${version}`;
const filesOf = (manifest: Manifest) => 1 + Object.keys(manifest.files).length + Object.keys(manifest.private).length;

function keepManifest(state: State, manifest: Manifest): void {
  const key = manifestCacheKey(manifest.siteId, manifest.version);
  if (state.manifests.has(key)) return;
  state.manifests.set(key, manifest);
  state.files += filesOf(manifest);
  // Map order is insertion order, and a hit puts its entry back at the end: the first is the least recently used.
  for (const [oldest, kept] of state.manifests) {
    if (state.files <= CACHED_FILES_MAX || oldest === key) break;
    state.manifests.delete(oldest);
    state.files -= filesOf(kept);
  }
}

function dropManifest(state: State, siteId: string, version: number): void {
  const key = manifestCacheKey(siteId, version);
  const kept = state.manifests.get(key);
  if (!kept) return;
  state.manifests.delete(key);
  state.files -= filesOf(kept);
}

/** The pointer as storage holds it now, with its etag; what this process remembers is brought up to date. */
export async function readLive(storage: Storage, siteId: string): Promise<LiveRead> {
  const state = stateOf(storage);
  const order = ++state.order;
  const object = await storage.get(liveKey(siteId));
  const read: LiveRead = object ? { pointer: livePointerSchema.parse(JSON.parse(Buffer.from(object.body).toString('utf8'))), etag: object.etag } : { pointer: null, etag: null };
  learnPointer(state, siteId, read.pointer, order);
  return read;
}

/**
 * The live pointer of a site, null when it is not published. Read from storage unless `maxAgeMs`
 * is given: then what this process learned of it within that time, and parallel calls for one
 * site share one read (a burst of page views as the memory expires makes one read, not one each).
 */
export async function readLivePointer(storage: Storage, siteId: string, options: { maxAgeMs?: number } = {}): Promise<LivePointer | null> {
  const maxAgeMs = options.maxAgeMs ?? 0;
  if (maxAgeMs <= 0) return (await readLive(storage, siteId)).pointer;
  const state = stateOf(storage);
  const known = state.pointers.get(siteId);
  if (known && Date.now() - known.at < maxAgeMs) return known.pointer;
  let reading = state.pointerReads.get(siteId);
  if (!reading) {
    reading = readLive(storage, siteId)
      .then((read) => read.pointer)
      .finally(() => state.pointerReads.delete(siteId));
    state.pointerReads.set(siteId, reading);
  }
  const pointer = await reading;
  // A switch made here while the read was under way is newer than what the read found.
  const newest = state.pointers.get(siteId);
  return newest ? newest.pointer : pointer;
}

/** A version's manifest, null when it is not stored; each version is read once (manifests never change). Callers must not change it. */
export async function readManifest(storage: Storage, siteId: string, version: number): Promise<Manifest | null> {
  const state = stateOf(storage);
  const key = manifestCacheKey(siteId, version);
  const known = state.manifests.get(key);
  if (known) {
    state.manifests.delete(key);
    state.manifests.set(key, known);
    return known;
  }
  let reading = state.manifestReads.get(key);
  if (!reading) {
    reading = storage
      .get(manifestKey(siteId, version))
      .then((object) => {
        if (!object) return null;
        const manifest = manifestSchema.parse(JSON.parse(Buffer.from(object.body).toString('utf8')));
        keepManifest(state, manifest);
        return manifest;
      })
      .finally(() => state.manifestReads.delete(key));
    state.manifestReads.set(key, reading);
  }
  return reading;
}

/**
 * The manifest visitors are served now, or null for a site never published. The pointer is read
 * from storage unless `maxAgeMs` allows this process's memory of it ({@link readLivePointer}).
 */
export async function readLiveManifest(storage: Storage, siteId: string, options: { maxAgeMs?: number } = {}): Promise<Manifest | null> {
  const pointer = await readLivePointer(storage, siteId, options);
  return pointer ? readManifest(storage, siteId, pointer.version) : null;
}

/** The version numbers whose manifests a site has stored, in no order. */
export async function storedVersions(storage: Storage, siteId: string): Promise<number[]> {
  const versions: number[] = [];
  for await (const info of storage.list(`sites/${siteId}/manifests/`)) {
    const match = /\/(\d+)\.json$/.exec(info.key);
    if (match) versions.push(Number(match[1]));
  }
  return versions;
}

export type VersionSummary = { version: number; createdAt: string; files: number; live: boolean };

/** Every stored version of a site, newest first. */
export async function listVersions(storage: Storage, siteId: string): Promise<VersionSummary[]> {
  const pointer = await readLivePointer(storage, siteId);
  const versions: VersionSummary[] = [];
  for (const version of await storedVersions(storage, siteId)) {
    const manifest = await readManifest(storage, siteId, version);
    if (manifest) versions.push({ version: manifest.version, createdAt: manifest.createdAt, files: Object.keys(manifest.files).length, live: manifest.version === pointer?.version });
  }
  return versions.sort((a, b) => b.version - a.version);
}

/**
 * The number the site's next version gets: above every stored manifest and above the fence of
 * `pointer` (read from storage when not given): the fence's manifest may have been swept after a
 * rollback, and a number at or below it would be refused by {@link switchLive}.
 */
export async function nextVersionNumber(storage: Storage, siteId: string, pointer?: LivePointer | null): Promise<number> {
  const live = pointer === undefined ? await readLivePointer(storage, siteId) : pointer;
  return Math.max(live ? fenceOf(live) : 0, ...(await storedVersions(storage, siteId))) + 1;
}

const NUMBERING_ATTEMPTS = 50;

/**
 * Stores the manifest under the next free version number and returns it numbered. Two publishes of one site
 * in two processes may read the same highest number; the manifest is written only where none is
 * (storage `ifMatch: null`: If-None-Match on S3, link() on fs), so the slower one takes the next.
 * `pointer` is the live pointer the publish read (read here when not given).
 */
export async function writeNewVersion(storage: Storage, unnumbered: Omit<Manifest, 'version'>, pointer?: LivePointer | null): Promise<Manifest> {
  for (let attempt = 1; ; attempt++) {
    const manifest: Manifest = { ...unnumbered, version: await nextVersionNumber(storage, unnumbered.siteId, pointer) };
    try {
      await storage.put(manifestKey(manifest.siteId, manifest.version), JSON.stringify(manifest), { contentType: 'application/json', ifMatch: null });
      keepManifest(stateOf(storage), manifest);
      return manifest;
    } catch (error) {
      if (!(error instanceof PreconditionFailedError) || attempt >= NUMBERING_ATTEMPTS) throw error;
    }
  }
}

/** Deletes a version's manifest (retention); nothing else changes. */
export async function deleteVersion(storage: Storage, siteId: string, version: number): Promise<void> {
  await storage.delete(manifestKey(siteId, version));
  dropManifest(stateOf(storage), siteId, version);
}

const SWITCH_ATTEMPTS = 20;

export type SwitchOptions = {
  now?: Date;
  /** `publish` switches only above the fence and raises it; `rollback` may go to any version and keeps the fence. */
  kind?: 'publish' | 'rollback';
  /** The pointer as the caller read it ({@link readLive}): the first attempt compares against it instead of reading again. */
  expected?: LiveRead;
};

/**
 * Points the site at a version: one small write, the last of any publish or rollback. A compare-and-set
 * on the pointer's etag (storage `ifMatch`: If-Match on S3), retried from a fresh read when another switch
 * came between the read and the write, so the check of the fence and the write are one step (across
 * processes on S3; within one on fs). A publish switches only above the fence (else
 * {@link StaleLiveSwitchError}) and raises it; a rollback may go to any version and keeps the fence where
 * it is. This process serves the new version from the moment the write is done.
 */
export async function switchLive(storage: Storage, siteId: string, version: number, options: SwitchOptions = {}): Promise<LivePointer> {
  const state = stateOf(storage);
  const kind = options.kind ?? 'publish';
  let current = options.expected ?? (await readLive(storage, siteId));
  for (let attempt = 1; ; attempt++) {
    const fence = current.pointer ? fenceOf(current.pointer) : 0;
    if (kind === 'publish' && version <= fence) throw new StaleLiveSwitchError(siteId, version, fence);
    const pointer: LivePointer = { version, switchedAt: (options.now ?? new Date()).toISOString(), fence: Math.max(fence, version) };
    try {
      await storage.put(liveKey(siteId), JSON.stringify(pointer), { contentType: 'application/json', cacheControl: 'no-cache', ifMatch: current.etag });
      // Ordered after the write: a read begun before it ended may have found the old pointer, and must not replace this one.
      learnPointer(state, siteId, pointer, ++state.order);
      return pointer;
    } catch (error) {
      if (!(error instanceof PreconditionFailedError) || attempt >= SWITCH_ATTEMPTS) throw error;
      current = await readLive(storage, siteId);
    }
  }
}

/** Deletes the live pointer (the site goes off the air, its versions stay); the manifest that was live, or null when none was. */
export async function deleteLivePointer(storage: Storage, siteId: string): Promise<Manifest | null> {
  const live = await readLiveManifest(storage, siteId);
  if (!live) return null;
  await storage.delete(liveKey(siteId));
  const state = stateOf(storage);
  learnPointer(state, siteId, null, ++state.order);
  return live;
}

/** After a site's keys were all deleted: this process forgets its pointer (none now) and its manifests. */
export function forgetSite(storage: Storage, siteId: string): void {
  const state = stateOf(storage);
  learnPointer(state, siteId, null, ++state.order);
  for (const key of [...state.manifests.keys()]) {
    const at = key.lastIndexOf('@');
    if (key.slice(0, at) === siteId) dropManifest(state, siteId, Number(key.slice(at + 1)));
  }
}

/**
 * Forgets the pointer this process remembers for a site, so the next view reads it: for a switch
 * this process learns of from elsewhere (a publish a worker finished, watched here).
 */
export function forgetLivePointer(storage: Storage, siteId: string): void {
  stateOf(storage).pointers.delete(siteId);
}

/** Forgets every pointer and manifest this process read or wrote of `storage`, as a restart does. */
export function forgetAllLive(storage: Storage): void {
  states.delete(storage);
}

/**
 * Makes an earlier version live again. The pointers follow the site's `current` names (the
 * caller's database knows them), not the ones the version was made for: a domain or handle the
 * site has given up since may belong to another site by now. Throws when the version does not exist.
 */
export async function rollback(storage: Storage, siteId: string, version: number, current: HostNames): Promise<LivePointer> {
  const manifest = await readManifest(storage, siteId, version);
  if (!manifest) throw new Error(`Version ${version} of this site does not exist.`);
  const live = await readLive(storage, siteId);
  const previous = live.pointer ? await readManifest(storage, siteId, live.pointer.version) : null;
  const pointer = await switchLive(storage, siteId, version, { kind: 'rollback', expected: live });
  await pointHostNames(storage, siteId, current, [previous?.address, manifest.address]);
  return pointer;
}
