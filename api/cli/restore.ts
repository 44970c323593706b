import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { createStorage } from '../../storage/index.ts';
import { loadConfig, type Config } from '../config.ts';
import { closeDatabase, openDatabase } from '../db/open-database.ts';
import { BACKUP_DATABASE, BACKUP_MANIFEST, BACKUP_PREVIEW_KEY, BACKUP_STORAGE, backupManifestSchema } from './backup-format.ts';
import { parseOptions, UsageError, type Command } from './command.ts';

const openZip = promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open);

/**
 * A data folder counts as empty when missing or holding nothing but the binary's unpacked runtime
 * (`.runtime/`, api/binary/launcher.ts): restoring over a live install must be asked for.
 */
async function isEmptyFolder(path: string): Promise<boolean> {
  const entries = await readdir(path).catch(() => []);
  return entries.every((name) => name === '.runtime');
}

async function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((done, fail) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => done());
    zip.once('error', fail);
    zip.readEntry();
  });
  return entries;
}

/** Writes a backup (api/cli/backup.ts) into the configured data folder: database, preview key, then every stored object with its headers. */
export async function restoreBackup(config: Config, from: string, options: { force: boolean }): Promise<{ objects: number }> {
  if (!options.force && !(await isEmptyFolder(config.dataDir))) {
    throw new UsageError(`${config.dataDir} is not empty; restore into an empty DATA_DIR, or pass --force to replace its database and storage`);
  }
  const zip = await openZip(resolve(from), { lazyEntries: true, autoClose: false });
  try {
    const entries = await entriesOf(zip);
    const openEntry = promisify<yauzl.Entry, Readable>(zip.openReadStream.bind(zip));
    const manifestEntry = entries.get(BACKUP_MANIFEST);
    const databaseEntry = entries.get(BACKUP_DATABASE);
    if (!manifestEntry || !databaseEntry) throw new Error(`${from} is not a Swipegrid backup (no ${BACKUP_MANIFEST} or ${BACKUP_DATABASE})`);
    const manifest = backupManifestSchema.parse(JSON.parse((await buffer(await openEntry(manifestEntry))).toString('utf8')));
    if (options.force) {
      for (const suffix of ['', '-wal', '-shm']) await rm(`${config.database}${suffix}`, { force: true });
      await rm(config.storage.root, { recursive: true, force: true });
      await rm(join(config.dataDir, BACKUP_PREVIEW_KEY), { force: true });
    }
    await mkdir(dirname(config.database), { recursive: true });
    const temp = `${config.database}.~tmp-${randomBytes(6).toString('hex')}`;
    await pipeline(await openEntry(databaseEntry), createWriteStream(temp));
    await rename(temp, config.database);
    const previewKey = entries.get(BACKUP_PREVIEW_KEY);
    if (previewKey) {
      await mkdir(config.dataDir, { recursive: true });
      await pipeline(await openEntry(previewKey), createWriteStream(join(config.dataDir, BACKUP_PREVIEW_KEY), { mode: 0o600 }));
    }
    const storage = createStorage({ ...config.storage, publicBaseUrl: '/' });
    for (const object of manifest.objects) {
      const entry = entries.get(`${BACKUP_STORAGE}${object.key}`);
      if (!entry) throw new Error(`${from} lists ${object.key} but does not hold it`);
      await storage.put(object.key, new Uint8Array(await buffer(await openEntry(entry))), { contentType: object.contentType, cacheControl: object.cacheControl });
    }
    // A backup of an older version is brought up to this one's schema now, not at the first start.
    await closeDatabase(await openDatabase(config.database));
    return { objects: manifest.objects.length };
  } finally {
    zip.close();
  }
}

export const restore: Command = {
  summary: 'restore a backup into the data folder (refuses a non-empty one without --force)',
  usage: 'swipegrid restore --from <file> [--force]',
  async run(args) {
    const values = parseOptions(args, { from: { type: 'string' }, force: { type: 'boolean' } });
    if (!values.from) throw new UsageError('--from <file> is required');
    const config = loadConfig();
    const { objects } = await restoreBackup(config, values.from, { force: values.force ?? false });
    console.log(`Restored the database and ${objects} stored objects into ${config.dataDir}.`);
    return 0;
  },
};
