import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { objectKey, readLiveManifest } from '../../publisher/versions.ts';
import { createStorage } from '../../storage/index.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { createTestContext, pngBytes, type TestContext } from '../test-support.ts';
import { writeBackup } from './backup.ts';
import { UsageError } from './command.ts';
import { restoreBackup } from './restore.ts';

let ctx: TestContext;
let spare: string;
beforeEach(async () => {
  ctx = await createTestContext();
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

const contactIds = (file: string) => {
  const db = openDatabase(file);
  const rows = db.$client.prepare("SELECT json_extract(data, '$.companyName') AS n FROM form_entries").pluck().all();
  db.$client.close();
  return new Set(rows.map(String));
};

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
    const kept = contactIds(restored.database);
    expect(before.filter((n) => !kept.has(n))).toEqual([]);

    const restoredStorage = createStorage({ driver: 'fs', root: restored.storage.root, publicBaseUrl: '/' });
    const manifest = (await readLiveManifest(restoredStorage, siteId))!;
    expect(manifest).toEqual(await readLiveManifest(ctx.storage, siteId));
    for (const [name, file] of Object.entries(manifest.files)) expect(await restoredStorage.head(objectKey(file.hash)), name).not.toBeNull();
    const again = await createTestContext({ keepDir: restoredDir });
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
});
