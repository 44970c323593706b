import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './index.ts';
import { checkS3Bucket, createS3Storage } from './s3-storage.ts';
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts';
import { describeStorageContract } from './storage-contract.ts';

let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.close();
});

// Each contract test gets a server and bucket of its own, so it starts as empty as the fs driver's temp folder.
describeStorageContract('s3', async () => {
  const server = await startS3TestServer();
  return { storage: createS3Storage({ ...server.options, publicBaseUrl: 'https://cdn.example/base/' }), dispose: () => server.close() };
});

describe('s3 storage', () => {
  it('uploads a body above the threshold in parts and reads it back whole', async () => {
    const storage = createS3Storage({ ...s3.options, publicBaseUrl: '/', multipartThresholdBytes: 6 * 1024 * 1024 });
    const body = new Uint8Array(11 * 1024 * 1024);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7 + 3) % 251;
    await storage.put('objects/large', body, { contentType: 'video/mp4' });
    const object = await storage.get('objects/large');
    expect(object?.size).toBe(body.length);
    expect(Buffer.compare(Buffer.from(object!.body), Buffer.from(body))).toBe(0);
    expect(object?.contentType).toBe('video/mp4');
    // 5 MiB + 5 MiB + 1 MiB.
    expect(s3.partUploads()).toBe(3);
  });

  it('follows continuation tokens through every page of a listing', async () => {
    const storage = createS3Storage({ ...s3.options, publicBaseUrl: '/', listPageSize: 4 });
    const keys = Array.from({ length: 11 }, (_, i) => `paged/${String(i).padStart(2, '0')}.txt`);
    for (const key of keys) await storage.put(key, key);
    const listed: string[] = [];
    for await (const info of storage.list('paged/')) listed.push(info.key);
    expect(listed).toEqual(keys);
  });

  it('deletes many keys in requests of at most 1000', async () => {
    const storage = createS3Storage({ ...s3.options, publicBaseUrl: '/' });
    const keys = Array.from({ length: 1001 }, (_, i) => `many/${i}`);
    for (let start = 0; start < keys.length; start += 50) await Promise.all(keys.slice(start, start + 50).map((key) => storage.put(key, '')));
    const before = s3.deleteBatches();
    await storage.deleteMany(keys);
    expect(s3.deleteBatches() - before).toBe(2);
    const left: string[] = [];
    for await (const info of storage.list('many/')) left.push(info.key);
    expect(left).toEqual([]);
  });

  it('is what createStorage returns for "s3"', async () => {
    const storage = createStorage({ driver: 's3', s3: s3.options, publicBaseUrl: '/' });
    await storage.put('factory.txt', 'via factory');
    const direct = createS3Storage({ ...s3.options, publicBaseUrl: '/' });
    expect(new TextDecoder().decode((await direct.get('factory.txt'))?.body)).toBe('via factory');
  });

  it('checks at start that the bucket answers, and says what is wrong when it does not', async () => {
    await expect(checkS3Bucket(s3.options)).resolves.toBeUndefined();
    await expect(checkS3Bucket({ ...s3.options, bucket: 'no-such-bucket' })).rejects.toThrow(/does not exist; create it or fix S3_BUCKET/);
    await expect(checkS3Bucket({ ...s3.options, credentials: { accessKeyId: 'nobody', secretAccessKey: 'wrong' } })).rejects.toThrow(/refused the credentials/);
    await expect(checkS3Bucket({ ...s3.options, endpoint: 'http://127.0.0.1:9' })).rejects.toThrow(/could not be reached.*S3_ENDPOINT/);
  });
});
