/**
 * Storage benchmark: the same operations on the fs driver and on the s3 driver against an
 * in-process s3rver (storage/s3-test-server.ts) — put, get, head, list, deleteMany of OBJECTS small
 * objects, 8 at a time, and SWITCHES live-pointer switches one after another. s3rver is a stand-in on
 * the loopback, so the s3 column is the driver's and the HTTP round trip's cost, not a real bucket's.
 * Prints ops/s and writes bench/results/storage.json. Run: npm run bench -- storage
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { forEachLimit } from '../publisher/concurrency.ts';
import { switchLive } from '../publisher/live.ts';
import { createFsStorage } from '../storage/fs-storage.ts';
import { createS3Storage } from '../storage/s3-storage.ts';
import { startS3TestServer } from '../storage/s3-test-server.ts';
import type { Storage } from '../storage/storage.ts';

const OBJECTS = 500;
const SWITCHES = 100;
const CONCURRENCY = 8;
const body = new Uint8Array(2048).fill(7);
const keys = Array.from({ length: OBJECTS }, (_, i) => `objects/${String(i).padStart(6, '0')}`);

async function timed(count: number, work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return Math.round(count / ((performance.now() - start) / 1000));
}

async function measure(storage: Storage): Promise<Record<string, number>> {
  return {
    put: await timed(OBJECTS, () => forEachLimit(keys, CONCURRENCY, (key) => storage.put(key, body))),
    get: await timed(OBJECTS, () => forEachLimit(keys, CONCURRENCY, async (key) => void (await storage.get(key)))),
    head: await timed(OBJECTS, () => forEachLimit(keys, CONCURRENCY, async (key) => void (await storage.head(key)))),
    'list (keys/s)': await timed(OBJECTS, async () => {
      for await (const _ of storage.list('objects/'));
    }),
    'deleteMany (keys/s)': await timed(OBJECTS, () => storage.deleteMany(keys)),
    'live switch': await timed(SWITCHES, async () => {
      for (let version = 1; version <= SWITCHES; version++) await switchLive(storage, 'bench-site', version);
    }),
  };
}

const dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-storage-'));
const s3 = await startS3TestServer();
try {
  const fs = await measure(createFsStorage({ root: dir, publicBaseUrl: '/' }));
  const s3Figures = await measure(createS3Storage({ ...s3.options, publicBaseUrl: '/' }));
  console.log(`${OBJECTS} objects of ${body.byteLength} B, ${CONCURRENCY} at a time; ${SWITCHES} live switches in a row (operations per second)`);
  console.log('operation'.padEnd(22), 'fs'.padStart(8), 's3 (s3rver)'.padStart(13));
  for (const name of Object.keys(fs)) console.log(name.padEnd(22), String(fs[name]).padStart(8), String(s3Figures[name]).padStart(13));
  await writeFile(
    new URL('results/storage.json', import.meta.url),
    `${JSON.stringify({ objects: OBJECTS, bytes: body.byteLength, concurrency: CONCURRENCY, switches: SWITCHES, fs, s3rver: s3Figures }, null, 2)}\n`,
  );
} finally {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
}
