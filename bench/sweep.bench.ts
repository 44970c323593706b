/**
 * Sweep benchmark: the sweep after one publish (prune one version, remove what only the pruned
 * version used and no other site's entry in the reference index names), cold then warm, and the
 * operators' full sweep, over a synthetic fs storage of SITES sites with KEEP + 1 versions each
 * and its reference index (built before the clock starts, as the first sweep on a storage does
 * once). Prints the figures and writes bench/results/sweep.json. Run: node bench/sweep.bench.ts
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { forEachLimit } from '../publisher/concurrency.ts';
import { ensureIndex } from '../publisher/reference-index.ts';
import { KEEP_VERSIONS } from '../publisher/retention.ts';
import { sweepAfterPublish, sweepStorage } from '../publisher/sweep.ts';
import { liveKey, manifestKey, type Manifest } from '../publisher/versions.ts';
import { createFsStorage } from '../storage/fs-storage.ts';

const SITES = 40;
const FILES = 60;
const CHANGED_PER_VERSION = 5;
const IMAGES = 15;
const FILES_PER_IMAGE = 4;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
let started = 0;
const dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-sweep-'));
const storage = createFsStorage({ root: dir, publicBaseUrl: '/' });
const writes: { key: string; body: string }[] = [];

for (let site = 0; site < SITES; site++) {
  const siteId = `site-${site}`;
  for (let version = 1; version <= KEEP_VERSIONS + 1; version++) {
    const files: Manifest['files'] = {};
    for (let file = 0; file < FILES; file++) {
      // Each version changes a few pages; the rest are the previous version's objects.
      const generation = file < CHANGED_PER_VERSION ? version : 0;
      const objectHash = hash(`${siteId}/${file}/${generation}`);
      files[`page-${file}.html`] = { hash: objectHash, contentType: 'text/html; charset=utf-8', size: 5 };
      writes.push({ key: `objects/${objectHash}`, body: 'page.' });
    }
    const media: string[] = [];
    for (let image = 0; image < IMAGES; image++) {
      const sha = hash(`${siteId}/image/${image < 2 ? version : image}`);
      for (let n = 0; n < FILES_PER_IMAGE; n++) {
        media.push(`media/${sha}/${n}.webp`);
        writes.push({ key: `media/${sha}/${n}.webp`, body: 'image' });
      }
    }
    const manifest: Manifest = { siteId, version, createdAt: new Date().toISOString(), files, assets: [], private: {}, media: { public: media, private: [] }, address: { prefix: '' } };
    writes.push({ key: manifestKey(siteId, version), body: JSON.stringify(manifest) });
  }
  writes.push({ key: liveKey(siteId), body: JSON.stringify({ version: KEEP_VERSIONS + 1, switchedAt: new Date().toISOString() }) });
}
const unique = [...new Map(writes.map((write) => [write.key, write])).values()];
await forEachLimit(unique, 8, (write) => storage.put(write.key, write.body));
started = performance.now();
await ensureIndex(storage);
const indexMs = performance.now() - started;

started = performance.now();
const afterPublish = await sweepAfterPublish(storage, { siteId: 'site-0', previous: null });
const afterPublishMs = performance.now() - started;
// The next publish's sweep finds the other sites' manifests already worked out.
started = performance.now();
const warm = await sweepAfterPublish(storage, { siteId: 'site-1', previous: null });
const warmMs = performance.now() - started;
started = performance.now();
const full = await sweepStorage(storage, { olderThan: new Date(Date.now() + 1000), uploadsInUse: async () => new Set<string>() });
const fullMs = performance.now() - started;

const result = {
  sites: SITES,
  versionsPerSite: KEEP_VERSIONS + 1,
  storedKeys: unique.length,
  indexBuiltOnceMs: Math.round(indexMs),
  afterPublish: { ms: Math.round(afterPublishMs), ...afterPublish },
  afterNextPublish: { ms: Math.round(warmMs), ...warm },
  full: { ms: Math.round(fullMs), ...full },
};
console.log(`${unique.length} keys, ${SITES} sites × ${KEEP_VERSIONS + 1} versions; reference index built once in ${result.indexBuiltOnceMs} ms`);
console.log(`sweep after one publish: ${result.afterPublish.ms} ms, ${afterPublish.versionsPruned} version pruned, ${afterPublish.keysRemoved} keys removed`);
console.log(`sweep after the next publish: ${result.afterNextPublish.ms} ms, ${warm.keysRemoved} keys removed`);
console.log(`full sweep: ${result.full.ms} ms, ${full.versionsPruned} versions pruned, ${full.keysRemoved} keys removed`);
await mkdir(new URL('results/', import.meta.url), { recursive: true });
await writeFile(new URL('results/sweep.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
await rm(dir, { recursive: true, force: true });
