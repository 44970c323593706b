import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningExperiment } from '../model/ab/experiment.ts';
import { createStorage } from '../storage/index.ts';
import type { Storage } from '../storage/storage.ts';
import { clearRunningExperiment, experimentKey, readRunningExperiment, RUNNING_EXPERIMENT_TTL_MS, writeRunningExperiment } from './running-experiment.ts';

let dir: string;
let storage: Storage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-running-experiment-'));
  storage = createStorage({ driver: 'fs', root: dir, publicBaseUrl: '/' });
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

const experiment = (id: string): RunningExperiment => ({
  id,
  seed: `seed-${id}`,
  coverage: 1,
  arms: [
    { arm: 'control', weight: 0.5 },
    { arm: 'B', weight: 0.5 },
  ],
});

/** What another process sharing the storage does: it writes the object, and this process's cache is not told. */
const writeElsewhere = (siteId: string, value: RunningExperiment) => storage.put(experimentKey(siteId), JSON.stringify(value), { contentType: 'application/json' });

describe('readRunningExperiment', () => {
  it('sees a stop or start made in this process on the very next read, though the experiment was cached', async () => {
    await writeRunningExperiment(storage, 'site', experiment('first'));
    expect((await readRunningExperiment(storage, 'site'))?.id).toBe('first');
    await clearRunningExperiment(storage, 'site');
    expect(await readRunningExperiment(storage, 'site')).toBeNull();
    await writeRunningExperiment(storage, 'site', experiment('second'));
    expect((await readRunningExperiment(storage, 'site'))?.id).toBe('second');
  });

  it('reads storage again only once the TTL has passed: another process’s change arrives within it', async () => {
    await writeRunningExperiment(storage, 'site', experiment('first'));
    await writeElsewhere('site', experiment('other'));
    expect((await readRunningExperiment(storage, 'site'))?.id).toBe('first');
    vi.setSystemTime(Date.now() + RUNNING_EXPERIMENT_TTL_MS - 1);
    expect((await readRunningExperiment(storage, 'site'))?.id).toBe('first');
    vi.setSystemTime(Date.now() + 1);
    expect((await readRunningExperiment(storage, 'site'))?.id).toBe('other');
  });

  it('does not let a read begun before a stop put the stopped experiment back in the cache', async () => {
    await writeElsewhere('site', experiment('running'));
    const reading = readRunningExperiment(storage, 'site');
    await clearRunningExperiment(storage, 'site');
    await reading;
    expect(await readRunningExperiment(storage, 'site')).toBeNull();
  });
});
