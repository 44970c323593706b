import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packRuntime, unpackRuntime } from './runtime-archive.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-runtime-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the runtime archive', () => {
  it('unpacks every file with its bytes and mode, in nested folders', async () => {
    const native = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]);
    const packed = packRuntime([
      { path: 'swipegrid.mjs', body: new TextEncoder().encode('export const x = 1;'), mode: 0o644 },
      { path: 'node_modules/better-sqlite3/prebuilds/linux-x64.node', body: native, mode: 0o755 },
      { path: 'empty.txt', body: new Uint8Array(), mode: 0o600 },
    ]);
    const folder = path.join(dir, 'tree');
    expect(unpackRuntime(packed, folder)).toBe(3);
    expect(await readFile(path.join(folder, 'swipegrid.mjs'), 'utf8')).toBe('export const x = 1;');
    expect(new Uint8Array(await readFile(path.join(folder, 'node_modules/better-sqlite3/prebuilds/linux-x64.node')))).toEqual(native);
    expect((await stat(path.join(folder, 'node_modules/better-sqlite3/prebuilds/linux-x64.node'))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(folder, 'empty.txt'))).size).toBe(0);
  });

  it('refuses an entry that would land outside its folder', () => {
    const packed = packRuntime([{ path: '../escaped.txt', body: new Uint8Array([1]), mode: 0o644 }]);
    expect(() => unpackRuntime(packed, path.join(dir, 'tree'))).toThrow('outside its folder');
  });
});
