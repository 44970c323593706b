import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, assertValidPrefix, contentTypeFor, PreconditionFailedError } from './storage.ts';
import type { ObjectInfo, PutOptions, Storage, StoredObject } from './storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, R2, s3rver…); omitted for AWS itself. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Path-style URLs (`endpoint/bucket/key`): what most self-hosted S3 servers need. */
  forcePathStyle?: boolean;
  publicBaseUrl: string;
  /** Bodies larger than this go up in parts (S3 takes at most 5 GiB in one PUT; parts also retry alone). */
  multipartThresholdBytes?: number;
  partSizeBytes?: number;
  /** Keys per ListObjectsV2 page (S3's own maximum is 1000). */
  listPageSize?: number;
};

/** Where the bucket is and how to reach it: what the configuration gives (api/config.ts). */
export type S3Connection = Pick<S3StorageOptions, 'bucket' | 'region' | 'endpoint' | 'credentials' | 'forcePathStyle'>;

const DEFAULT_MULTIPART_THRESHOLD = 16 * 1024 * 1024;
// S3's smallest part size.
const MIN_PART_SIZE = 5 * 1024 * 1024;
/** S3's most keys per DeleteObjects request. */
const DELETE_BATCH = 1000;
/** HEADs in flight per listed page: a listing needs each object's content type, which ListObjectsV2 does not give. */
const LIST_HEAD_CONCURRENCY = 16;

/**
 * A {@link Storage} on an S3-compatible bucket. A PUT replaces an object atomically on S3
 * (readers see the old or the new body), so no temp-and-rename is needed here. Conditional
 * writes use S3's If-Match / If-None-Match; a server that ignores them (s3rver 3.7 does) makes
 * them unconditional, which {@link checkS3Bucket}'s caller is told about in docs/decisions.md.
 *
 * @example const storage = createS3Storage({ bucket: 'swipegrid', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, publicBaseUrl: '/' });
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = s3Client(options);
  const bucket = options.bucket;
  const baseUrl = normalizeBaseUrl(options.publicBaseUrl);
  const threshold = options.multipartThresholdBytes ?? DEFAULT_MULTIPART_THRESHOLD;
  const partSize = Math.max(MIN_PART_SIZE, options.partSizeBytes ?? MIN_PART_SIZE);

  async function headInfo(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      const info: ObjectInfo = {
        key,
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? '',
        contentType: head.ContentType ?? contentTypeFor(key),
        lastModified: head.LastModified ?? new Date(0),
      };
      if (head.CacheControl !== undefined) info.cacheControl = head.CacheControl;
      return info;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, body, opts: PutOptions = {}) {
      assertValidKey(key);
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      const params = { Bucket: bucket, Key: key, Body: bytes, ContentType: opts.contentType ?? contentTypeFor(key), CacheControl: opts.cacheControl };
      const conditional = opts.ifMatch !== undefined;
      if (bytes.byteLength > threshold && !conditional) {
        await new Upload({ client, params, partSize, queueSize: 4 }).done();
        return;
      }
      const condition = opts.ifMatch === null ? { IfNoneMatch: '*' } : opts.ifMatch !== undefined ? { IfMatch: opts.ifMatch } : {};
      try {
        await client.send(new PutObjectCommand({ ...params, ...condition }));
      } catch (error) {
        if (conditional && statusOf(error) === 412) throw new PreconditionFailedError(key);
        throw error;
      }
    },

    async get(key) {
      assertValidKey(key);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
        const object: StoredObject = {
          body,
          contentType: response.ContentType ?? contentTypeFor(key),
          etag: response.ETag ?? '',
          size: body.byteLength,
          lastModified: response.LastModified ?? new Date(0),
        };
        if (response.CacheControl !== undefined) object.cacheControl = response.CacheControl;
        return object;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async head(key) {
      assertValidKey(key);
      return headInfo(key);
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: options.listPageSize }));
        // S3 answers in UTF-8 byte order already; some compatible servers (s3rver) answer in file-walk order.
        const keys = (page.Contents ?? [])
          .map((entry) => entry.Key)
          .filter((key): key is string => key !== undefined)
          .sort(compareUtf8);
        for (let start = 0; start < keys.length; start += LIST_HEAD_CONCURRENCY) {
          const infos = await Promise.all(keys.slice(start, start + LIST_HEAD_CONCURRENCY).map(headInfo));
          // A key deleted between the listing and its HEAD is skipped, as the fs driver does.
          for (const info of infos) if (info !== null) yield info;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async deleteMany(keys) {
      for (const key of keys) assertValidKey(key);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        // DeleteObjects answers 200 even when some keys failed: those are listed in Errors.
        const failed = answer.Errors ?? [];
        if (failed.length > 0) throw new Error(`S3 storage: ${failed.length} of ${batch.length} deletes failed, first ${failed[0]?.Key}: ${failed[0]?.Code} ${failed[0]?.Message}`);
      }
    },

    publicUrl(key) {
      assertValidKey(key);
      return `${baseUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}

/**
 * Throws an error that says what to fix unless the bucket answers with these settings: run at
 * start, so a wrong endpoint, bucket name or key stops the server instead of failing the first publish.
 */
export async function checkS3Bucket(options: S3Connection): Promise<void> {
  const client = s3Client(options);
  const where = `bucket ${JSON.stringify(options.bucket)} at ${options.endpoint ?? `AWS S3 (${options.region})`}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: options.bucket }));
  } catch (error) {
    const status = statusOf(error);
    if (status === 404) throw new Error(`S3 storage: the ${where} does not exist; create it or fix S3_BUCKET`);
    if (status === 403 || status === 401) throw new Error(`S3 storage: the ${where} refused the credentials (HTTP ${status}); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`S3 storage: the ${where} could not be reached (${reason}); check S3_ENDPOINT and S3_REGION`);
  } finally {
    client.destroy();
  }
}

function s3Client(options: S3Connection): S3Client {
  if (options.bucket === '') throw new Error('the s3 storage driver needs a bucket');
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
    // Fail a dead endpoint in seconds, not after the SDK's long default back-off.
    maxAttempts: 3,
  });
}

function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = error.$metadata;
  return typeof metadata === 'object' && metadata !== null && 'httpStatusCode' in metadata && typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}

function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}

function normalizeBaseUrl(publicBaseUrl: string): string {
  if (typeof publicBaseUrl !== 'string' || !/^(\/|https?:\/\/[^/])/.test(publicBaseUrl)) {
    throw new Error(`publicBaseUrl must be an absolute URL or a path starting with '/', got ${JSON.stringify(publicBaseUrl)}`);
  }
  return publicBaseUrl.replace(/\/+$/, '');
}
