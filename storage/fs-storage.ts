import { createHash } from 'node:crypto';
import type { BigIntStats, Dirent } from 'node:fs';
import { type FileHandle, link, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertValidKey, assertValidPrefix, contentTypeFor, PreconditionFailedError, RESERVED_SEGMENT_PREFIX, StorageKeyError } from './storage.ts';
import type { ObjectInfo, PutOptions, Storage, StoredObject } from './storage.ts';
import { tempFileName } from './temp-file-name.ts';

export type FsStorageOptions = {
  /** Folder that holds everything; created on first write. */
  root: string;
  /** Absolute URL or root-relative path under which the host serves the objects, e.g. `/media-host`. */
  publicBaseUrl: string;
};

/*
 * Layout under `root`:
 *   files/{key}        the body, byte for byte, so a plain static server can serve `files/`
 *   meta/{key}.json    { etag, contentType, cacheControl?, ino }
 *
 * Why a sidecar rather than deriving from the extension: the caller may choose the content
 * type and cache-control (S3 keeps both per object), and the etag must be stored so that
 * head() and list() do not hash every body. Why a parallel tree rather than `key.meta.json`
 * beside the body: a sidecar beside it would take a name a real key could want.
 *
 * Body and sidecar are two files, so they cannot be replaced in one step. The sidecar
 * records the inode of the body it describes (rename keeps the inode); a reader that finds
 * them disagreeing is between a writer's two renames and retries, and if they still
 * disagree (a writer was killed in between, or two processes crossed) it trusts the body:
 * hashes it for the etag, takes the content type from the extension, and writes that sidecar.
 */

type Meta = { etag: string; contentType: string; cacheControl?: string; ino: string };

/** Leaves room for the sidecar's `.json` within the usual 255-byte file name limit. */
const MAX_SEGMENT_BYTES = 250;
const CONSISTENT_READ_ATTEMPTS = 5;

/**
 * A {@link Storage} on the local filesystem. Writes are atomic (temp file in the same
 * folder, fsync, rename), so a reader or a killed process never sees half an object.
 *
 * @example const storage = createFsStorage({ root: './data/storage', publicBaseUrl: 'http://localhost:4322' });
 */
export function createFsStorage(options: FsStorageOptions): Storage {
  if (typeof options.root !== 'string' || options.root === '') throw new Error('fs storage needs a root folder');
  const baseUrl = normalizeBaseUrl(options.publicBaseUrl);
  const root = path.resolve(options.root);
  const filesRoot = path.join(root, 'files');
  const metaRoot = path.join(root, 'meta');
  // Serialises writes to one key within this process, so two puts cannot cross their renames.
  const keyLocks = new Map<string, Promise<void>>();

  const fileOf = (key: string) => path.join(filesRoot, ...key.split('/'));
  const metaOf = (key: string) => `${path.join(metaRoot, ...key.split('/'))}.json`;

  async function withKeyLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = keyLocks.get(key) ?? Promise.resolve();
    const run = previous.then(work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    keyLocks.set(key, settled);
    try {
      return await run;
    } finally {
      if (keyLocks.get(key) === settled) keyLocks.delete(key);
    }
  }

  async function readMeta(key: string): Promise<Meta | null> {
    try {
      const parsed: unknown = JSON.parse(await readFile(metaOf(key), 'utf8'));
      return isMeta(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  /** Opens the body and its sidecar as a matching pair; see the layout note for the fallback. */
  async function readObject(key: string, withBody: boolean, repair = true): Promise<{ info: ObjectInfo; body: Buffer | null } | null> {
    for (let attempt = 1; ; attempt++) {
      let handle: FileHandle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const stats = await handle.stat({ bigint: true });
        if (!stats.isFile()) return null;
        const meta = await readMeta(key);
        if (meta !== null && meta.ino === stats.ino.toString()) {
          const body = withBody ? await handle.readFile() : null;
          return { info: infoOf(key, stats, meta), body };
        }
        if (attempt >= CONSISTENT_READ_ATTEMPTS) {
          const body = await handle.readFile();
          const trusted = { etag: etagOf(body), contentType: contentTypeFor(key), ino: stats.ino.toString() };
          // Under the key lock (a conditional put) a repair would wait for that lock: skip it there.
          if (repair) await repairMeta(key, trusted);
          return { info: infoOf(key, stats, trusted), body };
        }
      } finally {
        await handle.close();
      }
      await sleep(attempt * 2);
    }
  }

  /**
   * Writes the sidecar of a body whose writer died between its two renames (or crossed another
   * process's), so later reads take the fast path again instead of waiting and hashing each time.
   * Only while the body is still the one described: a newer write brings its own sidecar.
   */
  async function repairMeta(key: string, meta: Meta): Promise<void> {
    await withKeyLock(key, async () => {
      const current = await stat(fileOf(key), { bigint: true }).catch(() => null);
      if (current?.ino.toString() !== meta.ino || (await readMeta(key))?.ino === meta.ino) return;
      const metaFile = metaOf(key);
      await mkdir(path.dirname(metaFile), { recursive: true });
      const temp = await writeTemp(path.dirname(metaFile), Buffer.from(JSON.stringify(meta)));
      await rename(temp.path, metaFile);
    }).catch((error: unknown) => {
      // A failed repair leaves the slow path, never a wrong answer.
      console.error(`fs storage: the sidecar of ${key} could not be repaired:`, error);
    });
  }

  async function collectKeys(dirKey: string, prefix: string, into: string[]): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(dirKey === '' ? filesRoot : fileOf(dirKey), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(RESERVED_SEGMENT_PREFIX)) continue;
      const key = dirKey === '' ? entry.name : `${dirKey}/${entry.name}`;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix)) await collectKeys(key, prefix, into);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        into.push(key);
      }
    }
  }

  async function removeObject(key: string): Promise<void> {
    await withKeyLock(key, async () => {
      // Empty folders are left behind on purpose: removing them would race a put that has
      // just created the same folder.
      const file = fileOf(key);
      const stats = await stat(file).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (stats?.isFile()) await unlink(file).catch(ignoreMissing);
      await unlink(metaOf(key)).catch(ignoreMissing);
    });
  }

  /**
   * "Only when there is no object" must hold across processes too (two workers numbering versions
   * of one site on one folder): link() fails when the name exists, where rename() would replace it.
   */
  async function createOnly(temp: string, file: string, key: string): Promise<void> {
    try {
      await link(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      if (errorCode(error) === 'EEXIST' && (await stat(file)).isFile()) throw new PreconditionFailedError(key);
      throw error;
    }
    await rm(temp, { force: true });
  }

  return {
    async put(key, body, opts: PutOptions = {}) {
      assertFsKey(key);
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      const etag = etagOf(bytes);
      const contentType = opts.contentType ?? contentTypeFor(key);
      await withKeyLock(key, async () => {
        if (opts.ifMatch !== undefined) {
          const current = (await readObject(key, false, false))?.info.etag ?? null;
          if (current !== opts.ifMatch) throw new PreconditionFailedError(key);
        }
        const file = fileOf(key);
        try {
          await mkdir(path.dirname(file), { recursive: true });
        } catch (error) {
          if (errorCode(error) === 'EEXIST' || errorCode(error) === 'ENOTDIR') throw folderConflict(key);
          throw error;
        }
        const temp = await writeTemp(path.dirname(file), bytes);
        try {
          if (opts.ifMatch === null) await createOnly(temp.path, file, key);
          else await rename(temp.path, file);
        } catch (error) {
          if (error instanceof PreconditionFailedError) throw error;
          await rm(temp.path, { force: true });
          if (errorCode(error) === 'EISDIR' || errorCode(error) === 'ENOTEMPTY' || errorCode(error) === 'EEXIST') {
            throw folderConflict(key);
          }
          throw error;
        }
        // The body goes first: a reader then sees the new bytes at once, and a failed rename
        // above has changed nothing.
        const meta: Meta = { etag, contentType, ino: temp.ino };
        if (opts.cacheControl !== undefined) meta.cacheControl = opts.cacheControl;
        const metaFile = metaOf(key);
        await mkdir(path.dirname(metaFile), { recursive: true });
        const metaTemp = await writeTemp(path.dirname(metaFile), Buffer.from(JSON.stringify(meta)));
        await rename(metaTemp.path, metaFile);
      });
    },

    async get(key) {
      assertFsKey(key);
      const found = await readObject(key, true);
      if (found === null || found.body === null) return null;
      const { info, body } = found;
      const object: StoredObject = {
        body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
        contentType: info.contentType,
        etag: info.etag,
        size: info.size,
        lastModified: info.lastModified,
      };
      if (info.cacheControl !== undefined) object.cacheControl = info.cacheControl;
      return object;
    },

    async head(key) {
      assertFsKey(key);
      return (await readObject(key, false))?.info ?? null;
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      const slash = prefix.lastIndexOf('/');
      const keys: string[] = [];
      await collectKeys(slash === -1 ? '' : prefix.slice(0, slash), prefix, keys);
      keys.sort(compareUtf8);
      for (const key of keys) {
        // A key deleted since the walk is skipped rather than reported.
        const found = await readObject(key, false);
        if (found !== null) yield found.info;
      }
    },

    async delete(key) {
      assertFsKey(key);
      await removeObject(key);
    },

    async deleteMany(keys) {
      for (const key of keys) assertFsKey(key);
      for (const key of keys) await removeObject(key);
    },

    publicUrl(key) {
      assertValidKey(key);
      return `${baseUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}

function assertFsKey(key: string): void {
  assertValidKey(key);
  for (const segment of key.split('/')) {
    if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES) {
      throw new StorageKeyError(key, `the fs driver holds at most ${MAX_SEGMENT_BYTES} bytes per segment`);
    }
  }
}

/** Writes and fsyncs a temp file in `dir`; the fsync is what makes the later rename safe across a crash. */
async function writeTemp(dir: string, bytes: Uint8Array): Promise<{ path: string; ino: string }> {
  const tempPath = path.join(dir, tempFileName());
  const handle = await open(tempPath, 'wx');
  let written = false;
  try {
    await handle.writeFile(bytes);
    await handle.sync();
    const stats = await handle.stat({ bigint: true });
    written = true;
    return { path: tempPath, ino: stats.ino.toString() };
  } finally {
    await handle.close();
    if (!written) await rm(tempPath, { force: true });
  }
}

function infoOf(key: string, stats: BigIntStats, meta: Omit<Meta, 'ino'>): ObjectInfo {
  const info: ObjectInfo = {
    key,
    size: Number(stats.size),
    etag: meta.etag,
    contentType: meta.contentType,
    lastModified: stats.mtime,
  };
  if (meta.cacheControl !== undefined) info.cacheControl = meta.cacheControl;
  return info;
}

function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
}

function isMeta(value: unknown): value is Meta {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.etag === 'string' && typeof v.contentType === 'string' && typeof v.ino === 'string' && (v.cacheControl === undefined || typeof v.cacheControl === 'string');
}

function normalizeBaseUrl(publicBaseUrl: string): string {
  if (typeof publicBaseUrl !== 'string' || !/^(\/|https?:\/\/[^/])/.test(publicBaseUrl)) {
    throw new Error(`publicBaseUrl must be an absolute URL or a path starting with '/', got ${JSON.stringify(publicBaseUrl)}`);
  }
  return publicBaseUrl.replace(/\/+$/, '');
}

/** S3 orders keys by their UTF-8 bytes; JavaScript's default sort uses UTF-16 units, which differ above U+FFFF. */
function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function folderConflict(key: string): StorageKeyError {
  return new StorageKeyError(key, "the fs driver maps '/' to folders, so one key cannot be both an object and the folder of another (as 'a' and 'a/b')");
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function ignoreMissing(error: unknown): void {
  if (!isMissing(error)) throw error;
}
