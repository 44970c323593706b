import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingStorage } from '../api/test-support.ts';
import { createStorage } from '../storage/index.ts';
import { hlsMasterKey, packageHls } from './hls.ts';
import { makeTestVideo } from './test-video.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-hls-queue-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const source = (bytes: Uint8Array) => ({ sha256: createHash('sha256').update(bytes).digest('hex'), load: async () => bytes });

describe('packageHls under parallel publishes', () => {
  it('packages one source once when asked twice at the same time, and each source once', async () => {
    const { storage, writes } = recordingStorage(createStorage({ driver: 'fs', root: join(dir, 'storage'), publicBaseUrl: '/' }));
    const a = source(await makeTestVideo(dir, { width: 320, height: 240, seconds: 2, kbps: 300 }));
    const b = source(await makeTestVideo(dir, { width: 320, height: 240, seconds: 3, kbps: 300 }));
    const [first, second, other] = await Promise.all([packageHls(storage, a), packageHls(storage, a), packageHls(storage, b)]);
    expect([first.made, other.made]).toEqual([true, true]);
    expect(second.masterKey).toBe(first.masterKey);
    expect(writes.puts.filter((key) => key.endsWith('master.m3u8')).sort()).toEqual([hlsMasterKey(a.sha256), hlsMasterKey(b.sha256)].sort());
    // Each source's segments were written once: the second ask reused the first's encode and store.
    const segments = writes.puts.filter((key) => key.endsWith('.m4s'));
    expect(new Set(segments).size).toBe(segments.length);
  });
});
