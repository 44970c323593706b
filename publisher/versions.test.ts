import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFsStorage } from '../storage/fs-storage.ts';
import { createS3Storage } from '../storage/s3-storage.ts';
import { startS3TestServer, type S3TestServer } from '../storage/s3-test-server.ts';
import type { Storage } from '../storage/storage.ts';
import { nextVersionNumber, readLivePointer, readManifest, switchLive, writeNewVersion } from './live.ts';
import { liveKey, manifestKey, StaleLiveSwitchError } from './versions.ts';

let folder: string;
let s3: S3TestServer;
let run = 0;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-versions-'));
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  // Each call is a separate handle with its own per-key locks, as a second process on the same folder has.
  ['fs', () => createFsStorage({ root: path.join(folder, String(run)), publicBaseUrl: '/' })],
  ['s3', () => createS3Storage({ ...s3.options, publicBaseUrl: '/' })],
];

describe.each(drivers)('the live pointer on %s', (_driver, make) => {
  let storage: Storage;
  let siteId: string;
  beforeEach(() => {
    run++;
    storage = make();
    siteId = `site${run}`;
  });

  it('refuses a publish that would switch the site back to an older version, and leaves the pointer alone', async () => {
    await switchLive(storage, siteId, 4);
    await switchLive(storage, siteId, 5);
    const before = await storage.get(liveKey(siteId));
    // A publish of version 4 that stalled and wakes after 5 went live, or the re-run of it.
    await expect(switchLive(storage, siteId, 4)).rejects.toThrow(StaleLiveSwitchError);
    await expect(switchLive(storage, siteId, 5)).rejects.toThrow(StaleLiveSwitchError);
    expect((await storage.get(liveKey(siteId)))?.body).toEqual(before?.body);
    expect(await readLivePointer(storage, siteId)).toMatchObject({ version: 5, fence: 5 });
  });

  it('lets a rollback go back while the fence stays, so an overtaken publish still cannot switch', async () => {
    await switchLive(storage, siteId, 6);
    await switchLive(storage, siteId, 2, { kind: 'rollback' });
    expect(await readLivePointer(storage, siteId)).toMatchObject({ version: 2, fence: 6 });
    await expect(switchLive(storage, siteId, 5)).rejects.toThrow(StaleLiveSwitchError);
    expect((await readLivePointer(storage, siteId))?.version).toBe(2);
    await switchLive(storage, siteId, 7);
    expect(await readLivePointer(storage, siteId)).toMatchObject({ version: 7, fence: 7 });
  });

  it('ends on the newest version when publishes of many versions switch at once, in any order', async () => {
    const versions = [3, 9, 1, 7, 10, 2, 8, 5, 4, 6];
    const results = await Promise.allSettled(versions.map((version) => switchLive(storage, siteId, version)));
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(StaleLiveSwitchError);
    expect(await readLivePointer(storage, siteId)).toMatchObject({ version: 10, fence: 10 });
  });

  it('numbers the next version above the fence even when the newer manifests were swept', async () => {
    await storage.put(manifestKey(siteId, 1), '{}');
    await switchLive(storage, siteId, 8);
    await switchLive(storage, siteId, 1, { kind: 'rollback' });
    expect(await nextVersionNumber(storage, siteId)).toBe(9);
  });

  it('gives every one of many publishes racing from separate handles (processes) its own version number', async () => {
    const handles = [storage, make(), make(), make()];
    const unnumbered = (n: number) => ({ siteId, createdAt: new Date().toISOString(), files: {}, assets: [String(n)], private: {}, address: { prefix: '' } });
    const written = await Promise.all(Array.from({ length: 12 }, (_, n) => writeNewVersion(handles[n % handles.length]!, unnumbered(n))));
    expect(written.map((manifest) => manifest.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
    // Nobody's manifest was overwritten by another's under the same number.
    for (const manifest of written) expect((await readManifest(storage, siteId, manifest.version))?.assets).toEqual(manifest.assets);
  });

  it('reads a pointer written before fences existed as fenced at its version', async () => {
    await storage.put(liveKey(siteId), JSON.stringify({ version: 3, switchedAt: new Date().toISOString() }));
    await expect(switchLive(storage, siteId, 3)).rejects.toThrow(StaleLiveSwitchError);
    expect((await switchLive(storage, siteId, 4)).fence).toBe(4);
  });
});
