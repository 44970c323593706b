import { sql } from 'drizzle-orm';
import { closeDatabase } from '../db/open-database.ts';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLiveManifest } from '../../publisher/live.ts';
import { liveKey, livePointerSchema, manifestKey, manifestSchema, objectKey } from '../../publisher/versions.ts';
import { createStorage } from '../../storage/index.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { createTestContext, pngBytes, type TestContext } from '../test-support.ts';
import { writeBackup } from './backup.ts';
import { UsageError } from './command.ts';
import { BACKUP_STORAGE } from './backup-format.ts';
import { restoreBackup } from './restore.ts';

let ctx: TestContext;
let spare: string;
beforeEach(async () => {
  // `swipegrid backup` copies a SQLite database (on PostgreSQL it points to pg_dump): on SQLite whatever the suite.
  ctx = await createTestContext({ sqlite: true });
  spare = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-restore-'));
});
afterEach(async () => {
  await ctx.cleanup();
  await rm(spare, { recursive: true, force: true });
});

/** The settings of a data folder laid out as the test context lays out its own. */
const configOf = (dir: string): Config => loadConfig({ DATA_DIR: dir, DATABASE_FILE: path.join(dir, 'test.sqlite'), STORAGE_DIR: path.join(dir, 'storage') });

async function publishedSite(): Promise<string> {
  const view = await ctx.createSite({ name: 'Backed up', numberHorizontal: 2, numberVertical: 1, languages: ['jp', 'en'] });
  const { url } = await ctx.uploadMedia(view.id, await pngBytes(60, 90, '#336699'), 'cover.png');
  for (const creative of view.creatives) await ctx.writePage(view.id, creative.pages[0]!.id, 'jp', { detail: { imageUrl: url, mainText: creative.letters } });
  await ctx.publish(view.id);
  return view.id;
}

const contactIds = async (file: string) => {
  const db = await openDatabase(file);
  const rows = (await db.values<[unknown]>(sql`SELECT json_extract(data, '$.companyName') AS n FROM form_entries`)).map(([n]) => n);
  await closeDatabase(db);
  return new Set(rows.map(String));
};

/** The stored objects a backup file holds, by key. */
async function storedIn(file: string): Promise<Map<string, Buffer>> {
  const zip = await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(file, { lazyEntries: true, autoClose: false });
  const open = promisify(zip.openReadStream.bind(zip));
  const stored = new Map<string, Buffer>();
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      });
      if (!entry) return stored;
      for (const event of ['entry', 'end', 'error']) zip.removeAllListeners(event);
      if (entry.fileName.startsWith(BACKUP_STORAGE)) stored.set(entry.fileName.slice(BACKUP_STORAGE.length), await buffer(await open(entry)));
    }
  } finally {
    zip.close();
  }
}

describe('backup and restore', () => {
  it('keeps every form submission answered before the backup began, taken while 20 a second arrive, and the restored folder serves the same live site', async () => {
    const siteId = await publishedSite();
    const answered: { n: string; at: number }[] = [];
    const pending: Promise<unknown>[] = [];
    let sent = 0;
    let stop = false;
    // 20 submissions a second, each from its own address so no rate limit refuses one.
    const traffic = (async () => {
      while (!stop) {
        const n = `c${sent++}`;
        const ip = `198.51.100.${sent % 250}`;
        const request = ctx.visit('/api/contact', { site: siteId, method: 'POST', ip, json: { siteId, data: { email: 'ann@example.com', companyName: n }, lang: 'en' } }).then((response) => {
          if (response.status === 201) answered.push({ n, at: performance.now() });
        });
        pending.push(request);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const began = performance.now();
    const out = path.join(spare, 'swipegrid.backup');
    await writeBackup(configOf(ctx.dir), out);
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop = true;
    await traffic;
    await Promise.all(pending);
    const before = answered.filter((entry) => entry.at < began).map((entry) => entry.n);
    expect(before.length).toBeGreaterThan(5);

    const restoredDir = path.join(spare, 'restored');
    const restored = configOf(restoredDir);
    await restoreBackup(restored, out, { force: false });
    const kept = await contactIds(restored.database);
    expect(before.filter((n) => !kept.has(n))).toEqual([]);

    const restoredStorage = createStorage({ driver: 'fs', root: restored.storage.root, publicBaseUrl: '/' });
    const manifest = (await readLiveManifest(restoredStorage, siteId))!;
    expect(manifest).toEqual(await readLiveManifest(ctx.storage, siteId));
    for (const [name, file] of Object.entries(manifest.files)) expect(await restoredStorage.head(objectKey(file.hash)), name).not.toBeNull();
    const again = await createTestContext({ keepDir: restoredDir, sqlite: true });
    try {
      const original = await ctx.visit('/', { site: siteId });
      const served = await again.visit('/', { site: siteId });
      expect(served.status).toBe(200);
      expect(await served.text()).toBe(await original.text());
    } finally {
      await again.cleanup();
    }
  });

  it('refuses to restore over a folder that holds anything, unless forced', async () => {
    await publishedSite();
    const out = path.join(spare, 'swipegrid.backup');
    await writeBackup(configOf(ctx.dir), out);
    const busy = path.join(spare, 'busy');
    await mkdir(busy);
    await writeFile(path.join(busy, 'notes.txt'), 'mine');
    await expect(restoreBackup(configOf(busy), out, { force: false })).rejects.toBeInstanceOf(UsageError);
    const { objects } = await restoreBackup(configOf(busy), out, { force: true });
    expect(objects).toBeGreaterThan(0);
  });
  it('holds every file of each live version it copies, taken while a site is published again and again', { timeout: 120_000 }, async () => {
    const siteId = await publishedSite();
    const view = await ctx.createSite({ name: 'Busy', numberHorizontal: 1, numberVertical: 1, languages: ['en'] });
    const pageId = view.creatives[0]!.pages[0]!.id;
    await ctx.publish(view.id);
    // A store of many uploads: listing it takes long enough for publishes to land meanwhile.
    const uploads = Array.from({ length: 1500 }, (_, n) => `old upload ${n}`);
    for (let n = 0; n < uploads.length; n += 50) {
      await Promise.all(uploads.slice(n, n + 50).map((body) => ctx.rawStorage.put(objectKey(createHash('sha256').update(body).digest('hex')), body, { contentType: 'text/plain' })));
    }
    let stop = false;
    let publishes = 0;
    const publishing = (async () => {
      while (!stop) {
        await ctx.writePage(view.id, pageId, 'en', { detail: { mainText: `edit ${publishes}` } });
        await ctx.publish(view.id);
        publishes++;
      }
    })();
    try {
      for (let round = 0; round < 3; round++) {
        const out = path.join(spare, `round-${round}.backup`);
        await writeBackup(configOf(ctx.dir), out);
        const stored = await storedIn(out);
        for (const site of [siteId, view.id]) {
          const pointer = livePointerSchema.parse(JSON.parse(stored.get(liveKey(site))!.toString('utf8')));
          const manifest = stored.get(manifestKey(site, pointer.version));
          expect(manifest, `round ${round}: version ${pointer.version} of ${site}, live in the backup`).toBeDefined();
          const files = Object.entries(manifestSchema.parse(JSON.parse(manifest!.toString('utf8'))).files);
          const missing = files.filter(([, file]) => !stored.has(objectKey(file.hash))).map(([name]) => name);
          expect(missing, `round ${round}: files of version ${pointer.version} of ${site}`).toEqual([]);
        }
      }
    } finally {
      stop = true;
      await publishing;
    }
    expect(publishes).toBeGreaterThan(3);
  });
});
