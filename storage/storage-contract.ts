import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreconditionFailedError, StorageKeyError } from './storage.ts';
import type { ObjectInfo, Storage } from './storage.ts';

/** A fresh, empty store whose publicUrl base is `https://cdn.example/base/`, and how to drop it. */
export type StorageUnderTest = { storage: Storage; dispose(): Promise<void> };

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/**
 * What every {@link Storage} driver promises, as one suite each driver's test file runs against
 * its own store: what holds on fs must hold on S3, so data and code move between them unchanged.
 * @example describeStorageContract('fs', async () => ({ storage: createFsStorage(…), dispose: … }));
 */
export function describeStorageContract(driver: string, make: () => Promise<StorageUnderTest>): void {
  describe(`the storage contract on ${driver}`, () => {
    let storage: Storage;
    let dispose: () => Promise<void>;

    beforeEach(async () => {
      ({ storage, dispose } = await make());
    });
    afterEach(async () => {
      await dispose();
    });

    async function listed(prefix: string): Promise<ObjectInfo[]> {
      const infos: ObjectInfo[] = [];
      for await (const info of storage.list(prefix)) infos.push(info);
      return infos;
    }
    const keysUnder = async (prefix: string) => (await listed(prefix)).map((info) => info.key);

    it('round-trips put, get, head, list and delete', async () => {
      await storage.put('sites/s1/live.json', '{"n":1}', { cacheControl: 'no-cache' });

      const object = await storage.get('sites/s1/live.json');
      expect(text(object?.body)).toBe('{"n":1}');
      expect(object?.contentType).toBe('application/json');
      expect(object?.cacheControl).toBe('no-cache');
      expect(object?.size).toBe(7);
      expect(object?.lastModified).toBeInstanceOf(Date);

      const info = await storage.head('sites/s1/live.json');
      expect(info).toMatchObject({ key: 'sites/s1/live.json', size: 7, etag: object?.etag, contentType: 'application/json', cacheControl: 'no-cache' });

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

    it('gives a quoted etag that is equal for equal bodies and changes with the body', async () => {
      await storage.put('a.txt', 'same');
      await storage.put('b/c.txt', 'same');
      const a = await storage.head('a.txt');
      expect(a?.etag).toMatch(/^"[^"]+"$/);
      expect((await storage.head('b/c.txt'))?.etag).toBe(a?.etag);
      await storage.put('a.txt', 'different');
      expect((await storage.head('a.txt'))?.etag).not.toBe(a?.etag);
    });

    it('takes the content type from the extension unless the writer gives one', async () => {
      await storage.put('index.html', '<p>');
      await storage.put('media/x/400.webp', new Uint8Array([1]));
      await storage.put('objects/abc', '<p>', { contentType: 'text/html; charset=utf-8' });
      expect((await storage.head('index.html'))?.contentType).toBe('text/html; charset=utf-8');
      expect((await storage.head('media/x/400.webp'))?.contentType).toBe('image/webp');
      expect((await storage.get('objects/abc'))?.contentType).toBe('text/html; charset=utf-8');
    });

    it('lists every key under a prefix, recursively and sorted by UTF-8 bytes, and nothing outside it', async () => {
      for (const key of ['sites/b/2.json', 'sites/a/x/1.json', 'sites/a/0.json', 'sites/ab/9.json', 'media/m.png', 'sites.txt', 'u/\u{1F600}', 'u/\uFF61']) {
        await storage.put(key, key);
      }
      expect(await keysUnder('sites/a/')).toEqual(['sites/a/0.json', 'sites/a/x/1.json']);
      expect(await keysUnder('sites/a')).toEqual(['sites/a/0.json', 'sites/a/x/1.json', 'sites/ab/9.json']);
      expect(await keysUnder('sites')).toEqual(['sites.txt', 'sites/a/0.json', 'sites/a/x/1.json', 'sites/ab/9.json', 'sites/b/2.json']);
      // UTF-16 order would put the emoji (a surrogate pair, 0xD83D…) before U+FF61; UTF-8 puts it after.
      expect(await keysUnder('u/')).toEqual(['u/\uFF61', 'u/\u{1F600}']);
      expect(await keysUnder('none/')).toEqual([]);
      const [info] = await listed('media/');
      expect(info).toMatchObject({ key: 'media/m.png', size: 'media/m.png'.length, contentType: 'image/png' });
    });

    it('rejects invalid keys on every operation', async () => {
      for (const key of ['../x', '/x', 'a//b', 'a\\b', '', 'a/.~tmp-1']) {
        await expect(storage.put(key, 'x')).rejects.toThrow(StorageKeyError);
        await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
        await expect(storage.head(key)).rejects.toThrow(StorageKeyError);
        await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
        expect(() => storage.publicUrl(key)).toThrow(StorageKeyError);
      }
      await expect(listed('../')).rejects.toThrow(StorageKeyError);
      expect(await keysUnder('')).toEqual([]);
    });

    it('treats deleting a missing key as done', async () => {
      await expect(storage.delete('never/written.json')).resolves.toBeUndefined();
      await storage.put('x/y.txt', '1');
      await storage.delete('x/y.txt');
      await expect(storage.delete('x/y.txt')).resolves.toBeUndefined();
    });

    it('deletes many keys at once, missing ones included, and nothing else', async () => {
      for (const key of ['m/1', 'm/2', 'm/3', 'keep/1']) await storage.put(key, key);
      await storage.deleteMany(['m/1', 'm/3', 'm/never', 'm/2']);
      expect(await keysUnder('')).toEqual(['keep/1']);
      await expect(storage.deleteMany(['keep/1', '../x'])).rejects.toThrow(StorageKeyError);
      expect(await keysUnder('')).toEqual(['keep/1']);
      await expect(storage.deleteMany([])).resolves.toBeUndefined();
    });

    it('overwrites atomically: a concurrent reader sees the whole old or the whole new body', async () => {
      const old = new Uint8Array(3_000_000).fill(0xaa);
      const next = new Uint8Array(2_000_000).fill(0xbb);
      await storage.put('objects/big', old);
      let writing = true;
      const writer = (async () => {
        for (let i = 0; i < 8; i++) await storage.put('objects/big', i % 2 === 0 ? next : old);
        writing = false;
      })();
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
      }
      await writer;
    });

    it('builds public URLs from the base, encoding each segment', () => {
      expect(storage.publicUrl('media/ab/400.webp')).toBe('https://cdn.example/base/media/ab/400.webp');
      expect(storage.publicUrl('sites/s 1/é.html')).toBe('https://cdn.example/base/sites/s%201/%C3%A9.html');
    });

    describe('conditional put', () => {
      it('with ifMatch null creates the object only when there is none', async () => {
        await storage.put('p/live.json', '1', { ifMatch: null });
        await expect(storage.put('p/live.json', '2', { ifMatch: null })).rejects.toThrow(PreconditionFailedError);
        expect(text((await storage.get('p/live.json'))?.body)).toBe('1');
      });

      it('writes over the etag it was given and refuses a stale one, changing nothing', async () => {
        await storage.put('p/live.json', 'v1');
        const first = (await storage.head('p/live.json'))!.etag;
        await storage.put('p/live.json', 'v2', { ifMatch: first });
        await expect(storage.put('p/live.json', 'stale', { ifMatch: first })).rejects.toThrow(PreconditionFailedError);
        expect(text((await storage.get('p/live.json'))?.body)).toBe('v2');
        await expect(storage.put('p/absent.json', 'x', { ifMatch: first })).rejects.toThrow(PreconditionFailedError);
        expect(await storage.head('p/absent.json')).toBeNull();
      });

      it('lets exactly one of many racing writers that read the same etag win', async () => {
        await storage.put('p/live.json', 'start');
        const etag = (await storage.head('p/live.json'))!.etag;
        const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => storage.put('p/live.json', `writer ${i}`, { ifMatch: etag })));
        const winners = results.flatMap((result, i) => (result.status === 'fulfilled' ? [i] : []));
        expect(winners).toHaveLength(1);
        for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(PreconditionFailedError);
        expect(text((await storage.get('p/live.json'))?.body)).toBe(`writer ${winners[0]}`);
      });
    });
  });
}
