import { runningExperimentSchema, type RunningExperiment } from '../model/ab/experiment.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * The experiment the site host assigns visitors by, beside the live pointer: starting or stopping
 * an experiment writes or deletes this one small object, no republish, and the variants' files
 * are already in the live version (publisher/variant-files.ts).
 */
export const experimentKey = (siteId: string) => `sites/${siteId}/experiment.json`;

/**
 * How long the site host believes a site's experiment without reading it again. A start or stop
 * made in this process updates the cache at once (below); one made by another process sharing
 * the storage reaches this process's visitors within this time.
 */
export const RUNNING_EXPERIMENT_TTL_MS = 5_000;
const CACHED_SITES_MAX = 10_000;

type Cache = { entries: Map<string, { experiment: RunningExperiment | null; readAt: number }>; versions: Map<string, number> };
const caches = new WeakMap<Storage, Cache>();

function cacheOf(storage: Storage): Cache {
  let cache = caches.get(storage);
  if (!cache) {
    cache = { entries: new Map(), versions: new Map() };
    caches.set(storage, cache);
  }
  return cache;
}

/** What a start or stop wrote: cached at once, and a read begun before it may no longer store what it found. */
function remember(storage: Storage, siteId: string, experiment: RunningExperiment | null): void {
  const cache = cacheOf(storage);
  if (cache.entries.size >= CACHED_SITES_MAX) cache.entries.clear();
  cache.versions.set(siteId, (cache.versions.get(siteId) ?? 0) + 1);
  cache.entries.set(siteId, { experiment, readAt: Date.now() });
}

export async function writeRunningExperiment(storage: Storage, siteId: string, experiment: RunningExperiment): Promise<void> {
  const parsed = runningExperimentSchema.parse(experiment);
  await storage.put(experimentKey(siteId), JSON.stringify(parsed), { contentType: 'application/json', cacheControl: 'no-cache' });
  remember(storage, siteId, parsed);
}

export async function clearRunningExperiment(storage: Storage, siteId: string): Promise<void> {
  await storage.delete(experimentKey(siteId));
  remember(storage, siteId, null);
}

/** The stored object, parsed; a damaged object is treated as none, so visitors still get the control pages. */
async function loadRunningExperiment(storage: Storage, siteId: string): Promise<RunningExperiment | null> {
  const object = await storage.get(experimentKey(siteId)).catch(() => null);
  if (!object) return null;
  try {
    const parsed = runningExperimentSchema.safeParse(JSON.parse(Buffer.from(object.body).toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The running experiment of a site, or null: from memory while younger than
 * RUNNING_EXPERIMENT_TTL_MS, so the site host does not read storage on every page and page data.
 */
export async function readRunningExperiment(storage: Storage, siteId: string): Promise<RunningExperiment | null> {
  const cache = cacheOf(storage);
  const cached = cache.entries.get(siteId);
  if (cached && Date.now() - cached.readAt < RUNNING_EXPERIMENT_TTL_MS) return cached.experiment;
  const version = cache.versions.get(siteId) ?? 0;
  const experiment = await loadRunningExperiment(storage, siteId);
  // A start or stop that landed while this read was under way wins: what was read may be older than it.
  if ((cache.versions.get(siteId) ?? 0) === version) {
    if (cache.entries.size >= CACHED_SITES_MAX) cache.entries.clear();
    cache.entries.set(siteId, { experiment, readAt: Date.now() });
  }
  const newest = cache.entries.get(siteId);
  return newest ? newest.experiment : experiment;
}
