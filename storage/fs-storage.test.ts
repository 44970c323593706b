import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsStorage } from './fs-storage.ts';
import { createStorage } from './index.ts';
import { RESERVED_SEGMENT_PREFIX, StorageKeyError } from './storage.ts';
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

describe('fs storage', () => {
  it('round-trips put, get, head, list and delete', async () => {
    await storage.put('sites/s1/live.json', '{"n":1}', { cacheControl: 'no-cache' });

    const object = await storage.get('sites/s1/live.json');
    expect(text(object?.body)).toBe('{"n":1}');
    expect(object?.contentType).toBe('application/json');
    expect(object?.cacheControl).toBe('no-cache');
    expect(object?.size).toBe(7);
    expect(object?.lastModified).toBeInstanceOf(Date);

    const info = await storage.head('sites/s1/live.json');
    expect(info).toMatchObject({ key: 'sites/s1/live.json', size: 7, etag: object?.etag, contentType: 'application/json' });

    expect(await keysUnder('')).toEqual(['sites/s1/live.json']);

    await storage.delete('sites/s1/live.json');
    expect(await storage.get('sites/s1/live.json')).toBeNull();
    expect(await storage.head('sites/s1/live.json')).toBeNull();
    expect(await keysUnder('')).toEqual([]);
  });

  it('returns null for a key that was never written', async () => {
    expect(await storage.get('nope/x.json')).toBeNull();
    expect(await storage.head('nope')).toBeNull();
  });

  it('keeps binary bodies byte for byte', async () => {
    const body = new Uint8Array(70_000);
    for (let i = 0; i < body.length; i++) body[i] = (i * 31 + 7) % 256;
    await storage.put('objects/bin', body);
    const object = await storage.get('objects/bin');
    expect(object?.body).toEqual(body);
    expect(object?.contentType).toBe('application/octet-stream');
  });

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

  it('takes the content type from the extension unless the writer gives one', async () => {
    await storage.put('index.html', '<p>');
    await storage.put('media/x/400.webp', new Uint8Array([1]));
    await storage.put('objects/abc', '<p>', { contentType: 'text/html; charset=utf-8' });
    expect((await storage.head('index.html'))?.contentType).toBe('text/html; charset=utf-8');
    expect((await storage.head('media/x/400.webp'))?.contentType).toBe('image/webp');
    expect((await storage.get('objects/abc'))?.contentType).toBe('text/html; charset=utf-8');
  });

  it('lists every key under a prefix, recursively and sorted, and nothing outside it', async () => {
    for (const key of ['sites/b/2.json', 'sites/a/x/1.json', 'sites/a/0.json', 'sites/ab/9.json', 'media/m.png', 'sites.txt']) {
      await storage.put(key, key);
    }
    expect(await keysUnder('sites/a/')).toEqual(['sites/a/0.json', 'sites/a/x/1.json']);
    expect(await keysUnder('sites/a')).toEqual(['sites/a/0.json', 'sites/a/x/1.json', 'sites/ab/9.json']);
    expect(await keysUnder('sites')).toEqual(['sites.txt', 'sites/a/0.json', 'sites/a/x/1.json', 'sites/ab/9.json', 'sites/b/2.json']);
    expect(await keysUnder('none/')).toEqual([]);
    const [info] = await listed('media/');
    expect(info).toMatchObject({ key: 'media/m.png', size: 'media/m.png'.length, contentType: 'image/png' });
  });

  it('lists neither sidecars nor temp files left by a killed writer', async () => {
    await storage.put('media/a/1.png', 'x');
    await writeFile(path.join(root, 'files', 'media', 'a', `${RESERVED_SEGMENT_PREFIX}0123456789abcdef`), 'half');
    expect(await keysUnder('')).toEqual(['media/a/1.png']);
    expect(await readdir(path.join(root, 'files', 'media', 'a'))).toHaveLength(2);
  });

  it('rejects invalid keys on every operation', async () => {
    for (const key of ['../x', '/x', 'a//b', 'a\\b', '']) {
      await expect(storage.put(key, 'x')).rejects.toThrow(StorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.head(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
      expect(() => storage.publicUrl(key)).toThrow(StorageKeyError);
    }
    await expect(listed('../')).rejects.toThrow(StorageKeyError);
    expect(await readdir(root)).toEqual([]);
  });

  it('refuses a key that would need an object to also be a folder', async () => {
    await storage.put('a', 'file');
    await expect(storage.put('a/b', 'x')).rejects.toThrow(/both an object and the folder/);
    await storage.put('c/d', 'x');
    await expect(storage.put('c', 'x')).rejects.toThrow(/both an object and the folder/);
    expect(await storage.get('c')).toBeNull();
    expect(text((await storage.get('a'))?.body)).toBe('file');
  });

  it('treats deleting a missing key as done', async () => {
    await expect(storage.delete('never/written.json')).resolves.toBeUndefined();
    await storage.put('x/y.txt', '1');
    await storage.delete('x/y.txt');
    await expect(storage.delete('x/y.txt')).resolves.toBeUndefined();
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
