import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStorage } from './index.ts';

describe('createStorage', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root !== undefined) await rm(root, { recursive: true, force: true });
  });

  it('returns a working fs driver for "fs"', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-storage-'));
    const storage = createStorage({ driver: 'fs', root, publicBaseUrl: '/s' });
    await storage.put('a.txt', 'hi');
    expect(new TextDecoder().decode((await storage.get('a.txt'))?.body)).toBe('hi');
  });

  it('throws for s3 without its bucket settings', () => {
    expect(() => createStorage({ driver: 's3', publicBaseUrl: 'https://cdn.example' })).toThrow(/needs its bucket settings/);
  });

  it('throws for an unknown driver name instead of falling back', () => {
    expect(() => createStorage({ driver: 'FS', root: '/tmp/x', publicBaseUrl: '/s' })).toThrow(/unknown storage driver "FS"/);
    expect(() => createStorage({ driver: '', root: '/tmp/x', publicBaseUrl: '/s' })).toThrow(/unknown storage driver/);
  });

  it('throws when the fs driver has no root', () => {
    expect(() => createStorage({ driver: 'fs', publicBaseUrl: '/s' })).toThrow(/root/);
  });
});
