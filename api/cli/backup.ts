import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { createStorage } from '../../storage/index.ts';
import type { ObjectInfo } from '../../storage/storage.ts';
import { loadConfig, type Config } from '../config.ts';
import { closeDatabase, isPostgresUrl, openDatabase, sqliteClientOf } from '../db/open-database.ts';
import { createStorageLease } from '../publishing/storage-lease.ts';
import { PRODUCT_VERSION } from '../product-version.ts';
import { BACKUP_DATABASE, BACKUP_MANIFEST, BACKUP_PREVIEW_KEY, BACKUP_STORAGE, type BackupManifest } from './backup-format.ts';
import { parseOptions, UsageError, type Command } from './command.ts';

/** better-sqlite3's largest step: every remaining page at once. */
const ALL_PAGES = 0x7fffffff;

/** Already-compressed media would only cost CPU to deflate again. */
const worthCompressing = (contentType: string) => /^(text\/|application\/(json|xml|javascript)|image\/svg)/.test(contentType);

/**
 * Writes the database and the storage into one ZIP while the server may run. Consistency rests on
 * three orders: the database is copied first (SQLite's online backup: one snapshot, every answered
 * form submission in it), so everything it names is already stored; the pointers (`no-cache`
 * objects: live versions, handles, domains) are read next, whole, and only then is the storage
 * listed for the files, so every version a copied pointer names was written whole before the
 * listing began and is in it; and a publish's shared storage lease is held throughout, so no sweep
 * deletes a version between the pointers and its files. A pointer that moved on after the database
 * snapshot is what a restart already settles (a publish interrupted after its live switch,
 * api/publishing/recover-interrupted-publishes.ts).
 */
export async function writeBackup(config: Config, out: string): Promise<{ objects: number; bytes: number }> {
  const file = resolve(out);
  const work = await mkdtemp(join(dirname(file), '.swipegrid-backup-'));
  const temp = `${file}.~tmp-${randomBytes(6).toString('hex')}`;
  if (isPostgresUrl(config.database)) {
    throw new Error('swipegrid backup copies a SQLite database; on PostgreSQL back the database up with pg_dump and the bucket with its own tools (docs/deploy.md, "Scaled out").');
  }
  const db = await openDatabase(config.database);
  const storage = createStorage({ ...config.storage, publicBaseUrl: '/' });
  try {
    const objects = await createStorageLease(db).whilePublishing(async () => {
      const databaseCopy = join(work, BACKUP_DATABASE);
      // All pages in one step: copied 100 at a time, the copy starts over whenever the server commits
      // between two steps, and on a database of 20 MB written nonstop it never ends (docs/decisions.md, "Backup").
      const sqlite = sqliteClientOf(db);
      if (!sqlite) throw new Error('swipegrid backup copies a SQLite database, and this one is not.');
      await sqlite.backup(databaseCopy, { progress: () => ALL_PAGES });
      const zip = new yazl.ZipFile();
      const written = pipeline(zip.outputStream, createWriteStream(temp));
      zip.addFile(databaseCopy, BACKUP_DATABASE);
      const previewKey = join(config.dataDir, BACKUP_PREVIEW_KEY);
      if (existsSync(previewKey)) zip.addFile(previewKey, BACKUP_PREVIEW_KEY, { compress: false });
      const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), version: PRODUCT_VERSION, objects: [] };
      // The pointers, read whole (a few bytes each) before the files are listed; one released meanwhile is simply not there.
      for await (const info of storage.list('')) {
        if (info.cacheControl !== 'no-cache') continue;
        const object = await storage.get(info.key);
        if (!object) continue;
        zip.addBuffer(Buffer.from(object.body), `${BACKUP_STORAGE}${info.key}`, { compress: worthCompressing(object.contentType) });
        manifest.objects.push({ key: info.key, contentType: object.contentType, cacheControl: object.cacheControl });
      }
      // Listed again, now: a listing taken before the pointers were read could miss the files of a version made live meanwhile.
      const listed: ObjectInfo[] = [];
      for await (const info of storage.list('')) if (info.cacheControl !== 'no-cache') listed.push(info);
      // Everything else is written once and never changed: read each only when the ZIP gets to it, one in memory at a time.
      for (const info of listed) {
        zip.addReadStreamLazy(`${BACKUP_STORAGE}${info.key}`, { compress: worthCompressing(info.contentType), size: info.size }, (done) => {
          storage.get(info.key).then(
            (object) => (object ? done(null, Readable.from([Buffer.from(object.body)])) : done(new Error(`${info.key} vanished during the backup`), Readable.from([]))),
            (error: unknown) => done(error, Readable.from([])),
          );
        });
        manifest.objects.push({ key: info.key, contentType: info.contentType, cacheControl: info.cacheControl });
      }
      zip.addBuffer(Buffer.from(JSON.stringify(manifest)), BACKUP_MANIFEST);
      zip.end();
      await written;
      return manifest.objects.length;
    });
    await rename(temp, file);
    return { objects, bytes: (await stat(file)).size };
  } finally {
    await closeDatabase(db);
    await rm(temp, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}

export const backup: Command = {
  summary: 'write the database and the storage into one file, while the server runs',
  usage: 'swipegrid backup --out <file>',
  async run(args) {
    const values = parseOptions(args, { out: { type: 'string' } });
    if (!values.out) throw new UsageError('--out <file> is required');
    const config = loadConfig();
    const { objects, bytes } = await writeBackup(config, values.out);
    console.log(`${resolve(values.out)}: the database and ${objects} stored objects, ${bytes} bytes`);
    return 0;
  },
};
