import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeStorageContract } from './storage-contract.ts';
import { createFsStorage } from './fs-storage.ts';
import { createStorage } from './index.ts';
import { RESERVED_SEGMENT_PREFIX } from './storage.ts';
import type { ObjectInfo, Storage } from './storage.ts';

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-fs-storage-'));
  storage = createFsStorage({ root, publicBaseUrl: 'https://cdn.example/base/' });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

async function listed(prefix: string): Promise<ObjectInfo[]> {
  const infos: ObjectInfo[] = [];
  for await (const info of storage.list(prefix)) infos.push(info);
  return infos;
}

async function keysUnder(prefix: string): Promise<string[]> {
  return (await listed(prefix)).map((info) => info.key);
}

describeStorageContract('fs', async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-fs-contract-'));
  return { storage: createFsStorage({ root: folder, publicBaseUrl: 'https://cdn.example/base/' }), dispose: () => rm(folder, { recursive: true, force: true }) };
});

describe('fs storage', () => {
  it('gives a quoted sha256 etag that changes with the body and not with the key', async () => {
    await storage.put('a.txt', 'same');
    await storage.put('b/c.txt', 'same');
    const a = await storage.head('a.txt');
    const c = await storage.head('b/c.txt');
    const expected = createHash('sha256').update('same').digest('hex').slice(0, 32);
    expect(a?.etag).toBe(`"${expected}"`);
    expect(c?.etag).toBe(a?.etag);
    await storage.put('a.txt', 'different');
    expect((await storage.head('a.txt'))?.etag).not.toBe(c?.etag);
  });

  it('lists neither sidecars nor temp files left by a killed writer', async () => {
    await storage.put('media/a/1.png', 'x');
    await writeFile(path.join(root, 'files', 'media', 'a', `${RESERVED_SEGMENT_PREFIX}0123456789abcdef`), 'half');
    expect(await keysUnder('')).toEqual(['media/a/1.png']);
    expect(await readdir(path.join(root, 'files', 'media', 'a'))).toHaveLength(2);
  });

  it('refuses a key that would need an object to also be a folder', async () => {
    await storage.put('a', 'file');
    await expect(storage.put('a/b', 'x')).rejects.toThrow(/both an object and the folder/);
    await storage.put('c/d', 'x');
    await expect(storage.put('c', 'x')).rejects.toThrow(/both an object and the folder/);
    expect(await storage.get('c')).toBeNull();
    expect(text((await storage.get('a'))?.body)).toBe('file');
  });

  it('overwrites atomically: a concurrent reader sees the whole old or the whole new body', async () => {
    const old = new Uint8Array(3_000_000).fill(0xaa);
    const next = new Uint8Array(2_000_000).fill(0xbb);
    const etags = new Map<number, string>();
    await storage.put('objects/big', old);
    etags.set(0xaa, (await storage.head('objects/big'))!.etag);

    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 12; i++) await storage.put('objects/big', i % 2 === 0 ? next : old);
      writing = false;
    })();
    const seen = new Set<number>();
    let reads = 0;
    while (writing || reads < 3) {
      const object = await storage.get('objects/big');
      reads++;
      expect(object).not.toBeNull();
      const body = object!.body;
      const first = body[0]!;
      expect(body.length).toBe(first === 0xaa ? old.length : next.length);
      expect(body.every((byte) => byte === first)).toBe(true);
      expect(object!.size).toBe(body.length);
      const expectedEtag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
      expect(object!.etag).toBe(expectedEtag);
      seen.add(first);
    }
    await writer;
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(seen.size).toBeGreaterThan(0);
  });

  it('trusts the body when its sidecar describes another write', async () => {
    await storage.put('p/page.json', '{"v":1}', { contentType: 'application/json', cacheControl: 'no-cache' });
    // What a second process crossing our renames, or a crash between them, would leave.
    await writeFile(path.join(root, 'files', 'p', 'replacement'), '{"v":2}');
    await rename(path.join(root, 'files', 'p', 'replacement'), path.join(root, 'files', 'p', 'page.json'));

    const object = await storage.get('p/page.json');
    expect(text(object?.body)).toBe('{"v":2}');
    expect(object?.etag).toBe(`"${createHash('sha256').update('{"v":2}').digest('hex').slice(0, 32)}"`);
    expect((await storage.head('p/page.json'))?.etag).toBe(object?.etag);
  });

  it('repairs the sidecar of a body whose writer was killed between its two renames, so reads are fast again', async () => {
    await storage.put('media/ab/400.webp', new Uint8Array([1, 2, 3]));
    // A kill after the body's rename and before the sidecar's: a new key with no sidecar.
    await rm(path.join(root, 'meta', 'media', 'ab', '400.webp.json'));

    const object = await storage.get('media/ab/400.webp');
    expect([...(object?.body ?? [])]).toEqual([1, 2, 3]);
    expect(object?.contentType).toBe('image/webp');
    const sidecar = JSON.parse(await readFile(path.join(root, 'meta', 'media', 'ab', '400.webp.json'), 'utf8')) as { ino: string; etag: string };
    expect(sidecar.ino).toBe((await stat(path.join(root, 'files', 'media', 'ab', '400.webp'), { bigint: true })).ino.toString());
    expect(sidecar.etag).toBe(object?.etag);
  });

  it('builds public URLs from the base, encoding each segment', () => {
    expect(storage.publicUrl('media/ab/400.webp')).toBe('https://cdn.example/base/media/ab/400.webp');
    expect(storage.publicUrl('sites/s 1/é.html')).toBe('https://cdn.example/base/sites/s%201/%C3%A9.html');
    const local = createFsStorage({ root, publicBaseUrl: '/storage' });
    expect(local.publicUrl('a/b.json')).toBe('/storage/a/b.json');
  });

  it('refuses a public base that is neither a URL nor a root path', () => {
    expect(() => createFsStorage({ root, publicBaseUrl: 'cdn.example' })).toThrow(/publicBaseUrl/);
  });

  it('keeps objects under root/files so the folder can be served as is', async () => {
    await storage.put('a/b.txt', 'served');
    expect(await readFile(path.join(root, 'files', 'a', 'b.txt'), 'utf8')).toBe('served');
    expect(await keysUnder('')).toEqual(['a/b.txt']);
  });

  it('is what createStorage returns for the fs driver, and an unknown driver throws', async () => {
    const viaFactory = createStorage({ driver: 'fs', root, publicBaseUrl: '/s' });
    await viaFactory.put('k.txt', 'v');
    expect(text((await storage.get('k.txt'))?.body)).toBe('v');
    expect(() => createStorage({ driver: 'gcs', root, publicBaseUrl: '/s' })).toThrow(/unknown storage driver/);
  });
});
