import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFsStorage } from '../storage/fs-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { deleteLivePointer, readLiveManifest, readLivePointer, switchLive, writeNewVersion } from './live.ts';
import { liveKey, manifestKey, type Manifest } from './versions.ts';

let folder: string;
let run = 0;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-live-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A storage handle whose reads of some keys are counted, and can be held back until released. */
function watchedStorage(inner: Storage) {
  const gets = new Map<string, number>();
  let held: { key: string; release: Promise<void>; reached: () => void } | null = null;
  const storage: Storage = {
    ...inner,
    async get(key) {
      gets.set(key, (gets.get(key) ?? 0) + 1);
      const hold = held?.key === key ? held : null;
      // Read first, then wait: the bytes are those of the moment the read began.
      const object = await inner.get(key);
      if (hold) {
        held = null;
        hold.reached();
        await hold.release;
      }
      return object;
    },
    list: (prefix) => inner.list(prefix),
  };
  return {
    storage,
    gets: (key: string) => gets.get(key) ?? 0,
    /** The next read of `key` waits for the returned release; `reached` resolves once it has read. */
    holdNextRead(key: string) {
      let release = () => {};
      let reached = () => {};
      const reachedPromise = new Promise<void>((resolve) => {
        reached = resolve;
      });
      held = { key, release: new Promise<void>((resolve) => (release = resolve)), reached };
      return { release, reached: reachedPromise };
    },
  };
}

const unnumbered = (siteId: string): Omit<Manifest, 'version'> => ({
  siteId,
  createdAt: new Date().toISOString(),
  files: { 'index.html': { hash: 'a'.repeat(64), contentType: 'text/html', size: 1 } },
  assets: [],
  address: { prefix: '' },
  private: {},
});

describe('what is live, as this process knows it', () => {
  let root: string;
  let siteId: string;
  beforeEach(() => {
    run++;
    root = path.join(folder, String(run));
    siteId = `site${run}`;
  });
  const handle = () => createFsStorage({ root, publicBaseUrl: '/' });

  it('serves a pointer from memory while it is younger than the age asked for, and a switch made here at once', async () => {
    const watched = watchedStorage(handle());
    const { storage } = watched;
    await switchLive(storage, siteId, await writeNewVersion(storage, unnumbered(siteId)).then((m) => m.version));
    const before = watched.gets(liveKey(siteId));
    for (let view = 0; view < 50; view++) expect((await readLivePointer(storage, siteId, { maxAgeMs: 60_000 }))?.version).toBe(1);
    expect(watched.gets(liveKey(siteId)) - before).toBe(0);

    const second = await writeNewVersion(storage, unnumbered(siteId));
    await switchLive(storage, siteId, second.version);
    const afterSwitch = watched.gets(liveKey(siteId));
    expect((await readLivePointer(storage, siteId, { maxAgeMs: 60_000 }))?.version).toBe(2);
    expect((await readLiveManifest(storage, siteId, { maxAgeMs: 60_000 }))?.version).toBe(2);
    await deleteLivePointer(storage, siteId);
    const afterTakeDown = watched.gets(liveKey(siteId));
    expect(await readLivePointer(storage, siteId, { maxAgeMs: 60_000 })).toBeNull();
    expect([afterTakeDown - afterSwitch, watched.gets(liveKey(siteId)) - afterTakeDown]).toEqual([1, 0]);
  });

  it('sees a switch made by another process sharing the storage once its memory is older than the age asked for', async () => {
    const here = handle();
    const elsewhere = handle();
    await switchLive(elsewhere, siteId, (await writeNewVersion(elsewhere, unnumbered(siteId))).version);
    expect((await readLivePointer(here, siteId, { maxAgeMs: 60_000 }))?.version).toBe(1);
    await switchLive(elsewhere, siteId, (await writeNewVersion(elsewhere, unnumbered(siteId))).version);
    // Within the age the memory answers; past it, storage.
    expect((await readLivePointer(here, siteId, { maxAgeMs: 60_000 }))?.version).toBe(1);
    let seen = 1;
    while (seen !== 2) seen = (await readLivePointer(here, siteId, { maxAgeMs: 20 }))?.version ?? 0;
    expect((await readLivePointer(here, siteId, { maxAgeMs: 60_000 }))?.version).toBe(2);
  });

  it('never lets a read begun before a switch replace what the switch wrote', async () => {
    const watched = watchedStorage(handle());
    const { storage } = watched;
    await switchLive(storage, siteId, (await writeNewVersion(storage, unnumbered(siteId))).version);
    const next = await writeNewVersion(storage, unnumbered(siteId));
    const hold = watched.holdNextRead(liveKey(siteId));
    // This read finds version 1, and is held until the switch to 2 has been made.
    const viewing = readLivePointer(storage, siteId, { maxAgeMs: 0.001 });
    await hold.reached;
    await switchLive(storage, siteId, next.version);
    hold.release();
    expect((await viewing)?.version).toBe(2);
    expect((await readLivePointer(storage, siteId, { maxAgeMs: 60_000 }))?.version).toBe(2);
  });

  it('shares one read among the views of a site arriving while its memory is stale, and reads each manifest once', async () => {
    const watched = watchedStorage(handle());
    const { storage } = watched;
    const writer = handle();
    await switchLive(writer, siteId, (await writeNewVersion(writer, unnumbered(siteId))).version);
    const views = await Promise.all(Array.from({ length: 20 }, () => readLiveManifest(storage, siteId, { maxAgeMs: 60_000 })));
    expect(views.map((manifest) => manifest?.version)).toEqual(Array(20).fill(1));
    expect(watched.gets(liveKey(siteId))).toBe(1);
    expect(watched.gets(manifestKey(siteId, 1))).toBe(1);
    for (let n = 0; n < 5; n++) await readLiveManifest(storage, siteId);
    expect(watched.gets(liveKey(siteId))).toBe(6);
    expect(watched.gets(manifestKey(siteId, 1))).toBe(1);
  });
});
