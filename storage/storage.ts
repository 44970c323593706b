/**
 * The object storage contract every driver meets (fs, S3-compatible).
 *
 * Keys are S3-style: '/'-separated, case-sensitive, no leading slash. The rules in
 * {@link assertValidKey} are the intersection of what S3 and a POSIX filesystem can
 * hold, so data can move between drivers without renaming anything.
 */

export type StoredObject = {
  body: Uint8Array;
  contentType: string;
  etag: string;
  size: number;
  lastModified: Date;
  /** What the writer asked for; a static host serves it as the Cache-Control header. */
  cacheControl?: string;
};

export type ObjectInfo = {
  key: string;
  size: number;
  etag: string;
  contentType: string;
  lastModified: Date;
  cacheControl?: string;
};

export type PutOptions = {
  contentType?: string;
  cacheControl?: string;
  /**
   * Writes only when the object's current etag is this one (null: only when there is no object),
   * else throws {@link PreconditionFailedError} and changes nothing: a compare-and-set for pointers
   * several writers may race on. The fs driver checks it under its per-key lock (one process);
   * S3 sends If-Match / If-None-Match, atomic on the server (docs/decisions.md).
   */
  ifMatch?: string | null;
};

export interface Storage {
  /** Replaces the object atomically: readers see the old bytes or the new, never a mix. */
  put(key: string, body: Uint8Array | string, opts?: PutOptions): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Every key that starts with `prefix` (a plain string prefix, as in S3), sorted by UTF-8 bytes. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every key (missing ones are no error): on S3 one request per 1000 keys instead of one each. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** URL a browser can fetch the object from. */
  publicUrl(key: string): string;
}

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
  readonly key: string;
  constructor(key: string, reason: string) {
    super(`invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.key = key;
  }
}

/** A conditional put ({@link PutOptions.ifMatch}) found another version of the object. */
export class PreconditionFailedError extends Error {
  override name = 'PreconditionFailedError';
  readonly key: string;
  constructor(key: string) {
    super(`the object ${JSON.stringify(key)} changed since it was read`);
    this.key = key;
  }
}

/** S3's own limit; the fs driver adds a per-segment limit of its own. */
export const MAX_KEY_BYTES = 1024;

/**
 * Drivers name their in-progress files with this segment prefix, so a key may not use
 * it: otherwise a listing could not tell a half-written file from a real object.
 */
export const RESERVED_SEGMENT_PREFIX = '.~tmp-';

/**
 * Throws {@link StorageKeyError} unless `key` is a key every driver can store.
 *
 * @example assertValidKey('media/3f2a/400.webp') // ok
 * @example assertValidKey('../etc/passwd')      // throws
 */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem !== null) throw new StorageKeyError(String(key), problem);
}

/**
 * Throws {@link StorageKeyError} unless `prefix` is usable by `list`: like a key, except
 * that it may be empty (everything) or end with '/'.
 */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  const problem = keyProblem(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  if (problem !== null) throw new StorageKeyError(prefix, problem);
}

function keyProblem(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'the key is empty';
  if (key.includes('\0')) return 'it contains a NUL character';
  if (key.includes('\\')) return "it contains a backslash; separate segments with '/'";
  if (key.startsWith('/')) return "it starts with '/'; keys are relative";
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return `it is longer than ${MAX_KEY_BYTES} bytes`;
  for (const segment of key.split('/')) {
    if (segment === '') return "it has an empty segment ('//' or a trailing '/')";
    // A filesystem collapses these while S3 keeps them literally, so the drivers would disagree.
    if (segment === '..' || segment === '.') return `it has a '${segment}' segment`;
    if (segment.startsWith(RESERVED_SEGMENT_PREFIX)) {
      return `segments starting with '${RESERVED_SEGMENT_PREFIX}' are reserved for temporary files`;
    }
  }
  return null;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  json: 'application/json',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  m3u8: 'application/vnd.apple.mpegurl',
  // In storage `.ts` is always an HLS segment (MPEG transport stream), never TypeScript.
  ts: 'video/mp2t',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
};

/**
 * The Content-Type for a key, from the extension of its last segment (case-insensitive).
 *
 * @example contentTypeFor('media/ab/400.webp') // 'image/webp'
 */
export function contentTypeFor(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'application/octet-stream';
  return CONTENT_TYPES[name.slice(dot + 1).toLowerCase()] ?? 'application/octet-stream';
}
