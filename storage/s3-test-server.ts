import crypto from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from './s3-storage.ts';

export type S3TestServer = {
  options: Omit<S3StorageOptions, 'publicBaseUrl'>;
  /** Part uploads (UploadPart requests) received so far: how a test sees that a body went up in parts. */
  partUploads(): number;
  /** DeleteObjects requests received so far. */
  deleteBatches(): number;
  close(): Promise<void>;
};

/** The settings (api/config.ts) that point the app's storage at this server. */
export function s3Environment({ options }: S3TestServer): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: options.endpoint!,
    S3_BUCKET: options.bucket,
    S3_REGION: options.region,
    S3_ACCESS_KEY_ID: options.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: options.credentials!.secretAccessKey,
  };
}

/**
 * A local S3-compatible server for tests: s3rver in this process, on a free port, over a temp
 * folder, with one bucket. A thin front gives it two things S3 itself (and MinIO, R2) guarantee
 * and s3rver 3.7 does not:
 * - conditional writes: s3rver ignores If-Match / If-None-Match on PUT; the front checks them
 *   against the stored etag and answers 412 PreconditionFailed as S3 does;
 * - atomic replacement: s3rver writes a PUT's bytes straight into the file a concurrent GET
 *   reads; the front runs the requests to one object key one at a time.
 * Everything else (signatures, listing, multipart) is s3rver's own.
 * @example const s3 = await startS3TestServer(); createS3Storage({ ...s3.options, publicBaseUrl: '/' }); await s3.close();
 */
export async function startS3TestServer(bucket = 'swipegrid-test', kept: { directory?: string; port?: number } = {}): Promise<S3TestServer> {
  allowS3rverContinuationTokens();
  // `npm run cluster` keeps its objects in a folder of its own between runs.
  const directory = kept.directory ?? (await mkdtemp(path.join(os.tmpdir(), 'swipegrid-s3rver-')));
  const s3rver = new S3rver({ directory, silent: true });
  // Not run(): its server would stand beside the front, and closing it closes s3rver's logger.
  await s3rver.store.putBucket(bucket);
  const handle = s3rver.callback();
  const keyLocks = new Map<string, Promise<void>>();
  let partUploads = 0;
  let deleteBatches = 0;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const [bucketName = '', ...keyParts] = url.pathname.split('/').slice(1).map(decodeURIComponent);
    const key = keyParts.join('/');
    if (req.method === 'POST' && url.searchParams.has('delete')) deleteBatches++;
    if (key === '') return void handle(req, res);
    if (req.method === 'PUT' && url.searchParams.has('partNumber')) partUploads++;
    const ifMatch = header(req, 'if-match');
    const ifNoneMatch = header(req, 'if-none-match');
    const conditional = req.method === 'PUT' && (ifMatch !== undefined || ifNoneMatch !== undefined);
    const lockKey = `${bucketName}/${key}`;
    const previous = keyLocks.get(lockKey) ?? Promise.resolve();
    const run = previous.then(async () => {
      if (conditional) {
        const exists = await s3rver.store.existsObject(bucketName, key);
        const etag = exists ? (await s3rver.store.getMetadata(bucketName, key)).etag : undefined;
        const failed = ifNoneMatch === '*' ? exists : ifMatch !== undefined && etag !== ifMatch;
        if (failed) return preconditionFailed(req, res, key);
      }
      await new Promise<void>((resolve) => {
        res.on('close', resolve);
        handle(req, res);
      });
    });
    const settled = run.catch(() => undefined);
    keyLocks.set(lockKey, settled);
    void settled.then(() => {
      if (keyLocks.get(lockKey) === settled) keyLocks.delete(lockKey);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(kept.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    options: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      // s3rver's built-in account.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    partUploads: () => partUploads,
    deleteBatches: () => deleteBatches,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!kept.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver encrypts its ListObjectsV2 continuation tokens with DES, which Node 24's OpenSSL 3 no
 * longer offers (`des` lives in the legacy provider): every truncated listing fails with
 * InternalError. The token only has to be opaque and round-trip, so DES is swapped for AES-128-CBC
 * with the same 8-byte key and IV doubled. Only the 'des' cipher is touched.
 */
function allowS3rverContinuationTokens(): void {
  if (crypto.getCiphers().includes('des') || patched) return;
  patched = true;
  const { createCipheriv, createDecipheriv } = crypto;
  const widen = (bytes: crypto.BinaryLike) => Buffer.concat([Buffer.from(bytes as Uint8Array), Buffer.from(bytes as Uint8Array)]);
  crypto.createCipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: never) =>
    algorithm === 'des' && iv !== null ? createCipheriv('aes-128-cbc', widen(key as Uint8Array), widen(iv)) : createCipheriv(algorithm, key, iv, options)) as typeof crypto.createCipheriv;
  crypto.createDecipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: never) =>
    algorithm === 'des' && iv !== null ? createDecipheriv('aes-128-cbc', widen(key as Uint8Array), widen(iv)) : createDecipheriv(algorithm, key, iv, options)) as typeof crypto.createDecipheriv;
}
let patched = false;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function preconditionFailed(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
  // The body must be drained before answering, or the client sees a reset connection.
  return new Promise((resolve) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(412, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Key>${key}</Key></Error>`);
      resolve();
    });
  });
}
