import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import type { Storage } from '../storage/storage.ts';
import { forEachLimit } from './concurrency.ts';
import type { ExportEntry, ExportTree } from './export-tree.ts';

/**
 * What the last export left in a target, kept in the target itself: which site, which version,
 * and each path with the identity of its bytes. The next export writes only what differs and
 * removes only what it wrote before, never a file it did not put there.
 */
export const EXPORT_RECORD = '.swipegrid-export.json';
const exportRecordSchema = z.object({ siteId: z.string(), version: z.number().int(), files: z.record(z.string(), z.string()) });
type ExportRecord = z.infer<typeof exportRecordSchema>;

/** Where an exported tree is written: a folder, or a bucket through the storage interface. */
export type ExportTarget = {
  readRecord(): Promise<ExportRecord | null>;
  writeRecord(record: ExportRecord): Promise<void>;
  /** Whether a file the record lists is still there (a folder is cheap to ask; a bucket trusts its record). */
  holds(path: string): Promise<boolean>;
  write(path: string, body: Uint8Array, contentType: string): Promise<void>;
  remove(path: string): Promise<void>;
};

export type SyncResult = { files: number; written: number; unchanged: number; removed: number };

const WRITES_IN_FLIGHT = 8;

/**
 * Brings a target to the tree: assets, media and page data first, then the pages that use
 * them, then removals, then the record. A visitor of a target served while it is written may
 * meet a new page a moment before its old neighbour changes, never a page whose images are
 * missing. Refuses a target holding another site's export: removing its files would break it.
 */
export async function syncTree(tree: ExportTree, target: ExportTarget): Promise<SyncResult> {
  const previous = await target.readRecord();
  if (previous && previous.siteId !== tree.siteId) {
    throw new Error(`This target holds the export of site ${previous.siteId}; export site ${tree.siteId} to another one.`);
  }
  const before = previous?.files ?? {};
  const changed: ExportEntry[] = [];
  let unchanged = 0;
  for (const entry of tree.entries) {
    if (before[entry.path] === entry.identity && (await target.holds(entry.path))) unchanged++;
    else changed.push(entry);
  }
  const isPage = (entry: ExportEntry) => entry.contentType.startsWith('text/html');
  const write = (entry: ExportEntry) => entry.read().then((body) => target.write(entry.path, body, entry.contentType));
  await forEachLimit(
    changed.filter((entry) => !isPage(entry)),
    WRITES_IN_FLIGHT,
    write,
  );
  await forEachLimit(changed.filter(isPage), WRITES_IN_FLIGHT, write);
  const kept = new Set(tree.entries.map((entry) => entry.path));
  const gone = Object.keys(before).filter((path) => !kept.has(path));
  await forEachLimit(gone, WRITES_IN_FLIGHT, (path) => target.remove(path));
  await target.writeRecord({ siteId: tree.siteId, version: tree.version, files: Object.fromEntries(tree.entries.map((entry) => [entry.path, entry.identity])) });
  return { files: tree.entries.length, written: changed.length, unchanged, removed: gone.length };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function removeIfEmpty(folder: string): Promise<boolean> {
  try {
    await rmdir(folder);
    return true;
  } catch {
    return false;
  }
}

/** A plain folder: files at their paths, each replaced atomically (written beside, then renamed). */
export function dirTarget(folder: string): ExportTarget {
  const root = resolve(folder);
  const fileOf = (path: string) => {
    const file = resolve(root, path);
    // Tree paths are checked storage keys; this guards the one place they become file names.
    if (!file.startsWith(root + sep)) throw new Error(`${path} lies outside ${root}`);
    return file;
  };
  const writeAtomically = async (file: string, body: Uint8Array | string) => {
    await mkdir(dirname(file), { recursive: true });
    const temp = `${file}.~tmp-${randomBytes(6).toString('hex')}`;
    try {
      await writeFile(temp, body);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };
  return {
    async readRecord() {
      const text = await readFile(join(root, EXPORT_RECORD), 'utf8').catch(() => null);
      return text === null ? null : exportRecordSchema.parse(JSON.parse(text));
    },
    writeRecord: (record) => writeAtomically(join(root, EXPORT_RECORD), `${JSON.stringify(record)}\n`),
    holds: (path) => isFile(fileOf(path)),
    write: (path, body) => writeAtomically(fileOf(path), body),
    async remove(path) {
      const file = fileOf(path);
      await rm(file, { force: true });
      // Folders the tree no longer has go too, up to the root; a folder with anything else in it stays.
      for (let folder = dirname(file); relative(root, folder) !== ''; folder = dirname(folder)) {
        if (!(await removeIfEmpty(folder))) break;
      }
    },
  };
}

/** A bucket (any storage driver): the tree at its plain paths, for a CDN without edge logic. */
export function storageTarget(storage: Storage): ExportTarget {
  return {
    async readRecord() {
      const object = await storage.get(EXPORT_RECORD);
      return object ? exportRecordSchema.parse(JSON.parse(Buffer.from(object.body).toString('utf8'))) : null;
    },
    writeRecord: (record) => storage.put(EXPORT_RECORD, JSON.stringify(record), { contentType: 'application/json', cacheControl: 'no-cache' }),
    // One read of the record instead of a request per file: the bucket is the export's alone.
    holds: () => Promise.resolve(true),
    write: (path, body, contentType) => storage.put(path, body, { contentType, cacheControl: cacheControlOf(path) }),
    remove: (path) => storage.delete(path),
  };
}

/** What a CDN in front of the bucket should do with a file: hashed assets and media forever, the rest revalidated. */
function cacheControlOf(path: string): string {
  return path.startsWith('_astro/') || path.startsWith('media/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
