import { sqliteClientOf } from './db/open-database.ts';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageKey } from '../model/messages/keys.ts';
import { messageText } from '../model/messages/text.ts';
import { loadSiteDraft } from './sites/load-site-draft.ts';
import { createTestContext, fileForm, parseSse, pngBytes, type TestContext } from './test-support.ts';

/**
 * A storage that really is full or read-only: the test's folder is a tmpfs of its own (the SQLite
 * database, the mail outbox) with the storage on a second tmpfs inside it, so a filler file fills
 * one or both to ENOSPC and `mount -o remount,ro` makes the storage EROFS, as a full disk or a
 * read-only volume would. (Tests run as root, where chmod stops no write; the mounts need
 * CAP_SYS_ADMIN, which this machine's test runs have, docs/decisions.md.) Uploads, publishes,
 * forms and draft edits answer a keyed 503 and never a path, the health endpoint says why, and
 * everything works again once the storage takes writes.
 */
let dir: string;
let storageDir: string;
let ctx: TestContext;
let siteId: string;
let pageId: string;
let colour = 0;

const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-unwritable-'));
  mount('-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir);
  storageDir = path.join(dir, 'storage');
  await mkdir(storageDir);
  mount('-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', storageDir);
  ctx = await createTestContext({ keepDir: dir, sqlite: true });
  siteId = (await ctx.createSite({ name: 'Unwritable', numberHorizontal: 1, numberVertical: 1 })).id;
  pageId = (await loadSiteDraft(ctx.db, siteId)).creatives[0]!.pages[0]!.id;
  const image = await ctx.uploadMedia(siteId, await nextPng());
  await ctx.writePage(siteId, pageId, 'jp', { detail: { imageUrl: image.url, mainText: 'v1' } });
  await ctx.publish(siteId);
}, 120_000);

afterAll(async () => {
  await ctx?.cleanup();
  for (const mounted of [storageDir, dir]) execFileSync('umount', [mounted], { stdio: 'pipe' });
  await rm(dir, { recursive: true, force: true });
});

/** A PNG never uploaded before: a known one would be answered from its row without a write. */
const nextPng = () => pngBytes(16, 16, `#${(++colour).toString(16).padStart(6, '0')}`);

/** Writes zeros into `folder` until its file system has no block left; the file is removed to free it. */
async function fill(folder: string): Promise<string> {
  const filler = path.join(folder, 'filler');
  const file = await open(filler, 'w');
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          await file.write(chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    await file.close();
  }
  return filler;
}

async function expectRefused(response: Response, key: MessageKey, what: string): Promise<void> {
  expect(response.status, what).toBe(503);
  const body = (await response.json()) as { code: string; key: string; message: string };
  expect(body, what).toEqual(expect.objectContaining({ code: 'unavailable', key, message: messageText(key, 'en') }));
  expect(JSON.stringify(body), what).not.toMatch(/E[A-Z]+:|\/tmp|~tmp/);
}

const upload = async () => ctx.request(`/api/site/${siteId}/media`, { method: 'POST', body: fileForm(await nextPng(), 'new.png') });
const editDraft = (text: string) => ctx.request(`/api/site/${siteId}/page/${pageId}?lang=jp`, { method: 'PUT', json: { detail: { mainText: text } } });
const sendForm = async () =>
  await ctx.visit('/api/contact', { site: siteId, method: 'POST', json: { siteId, data: { email: 'ann@example.com', companyName: 'ACME' }, lang: 'en' }, ip: '198.51.100.7' });

/** Starts a publish and follows it to its end: its last event, and its row. */
async function publish(lang = 'en'): Promise<{ last: { event: string; data: unknown }; row: { status: string; error: string | null } }> {
  const started = await ctx.request(`/api/site/${siteId}/publish`, { method: 'POST' });
  expect(started.status).toBe(202);
  const { publishId, events } = (await started.json()) as { publishId: string; events: string };
  const stream = parseSse(await (await ctx.request(events, { headers: { 'accept-language': lang } })).text());
  const row = (await (await ctx.request(`/api/site/${siteId}/publish/${publishId}`)).json()) as { status: string; error: string | null };
  return { last: stream.at(-1)!, row };
}

/** Asks the health endpoint until it reports `key` (null: writable); its answer is kept two seconds. */
async function healthUntil(key: MessageKey | null, lang = 'en'): Promise<unknown> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await ctx.request('/api/health', { headers: { 'accept-language': lang } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { storage: { key: string | null } };
    if (body.storage.key === key) return body;
    if (Date.now() > deadline) throw new Error(`health still says ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectAllWorks(text: string): Promise<void> {
  expect((await upload()).status).toBe(201);
  expect((await editDraft(text)).status).toBe(200);
  expect((await sendForm()).status).toBe(201);
  const { last, row } = await publish();
  expect(last.event).toBe('done');
  expect(row).toMatchObject({ status: 'done', error: null });
}

describe('a storage that cannot take writes', () => {
  it('full: uploads, publishes, forms and draft edits answer a keyed 503, the health endpoint says so, and all recovers', { timeout: 180_000 }, async () => {
    expect(await healthUntil(null)).toEqual({ database: { ok: true }, redis: null, storage: { writable: true, key: null, message: null } });
    expect((await editDraft('v2')).status).toBe(200);
    const storageFiller = await fill(storageDir);

    // The objects' storage full, the database not: the upload and the publish meet it.
    await expectRefused(await upload(), 'storageFull', 'upload');
    const failed = await publish('ko');
    expect(failed.last).toEqual({ event: 'failed', data: { type: 'failed', key: 'storageFull', values: {}, message: messageText('storageFull', 'kr') } });
    expect(failed.row).toEqual(expect.objectContaining({ status: 'failed', error: messageText('storageFull', 'en') }));
    expect(await healthUntil('storageFull', 'ja')).toEqual({ database: { ok: true }, redis: null, storage: { writable: false, key: 'storageFull', message: messageText('storageFull', 'jp') } });

    // The disk of the database full too (its write-ahead log emptied first, so a write must grow it).
    sqliteClientOf(ctx.db)?.pragma('wal_checkpoint(TRUNCATE)');
    const diskFiller = await fill(dir);
    await expectRefused(await sendForm(), 'storageFull', 'form');
    await expectRefused(await editDraft('v3'), 'storageFull', 'draft edit');
    // An upload's own temporary file on the full disk too (os.tmpdir() reads TMPDIR at each call).
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = dir;
    try {
      await expectRefused(await upload(), 'storageFull', 'upload received on a full disk');
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }

    await rm(diskFiller);
    await rm(storageFiller);
    await healthUntil(null);
    await expectAllWorks('v4');
  });

  it('read-only: uploads and publishes answer a keyed 503, forms and draft edits (the database) go on, and all recovers', { timeout: 180_000 }, async () => {
    expect((await editDraft('v5')).status).toBe(200);
    mount('-o', 'remount,ro', storageDir);
    try {
      await expectRefused(await upload(), 'storageReadOnly', 'upload');
      const failed = await publish();
      expect(failed.last).toEqual({ event: 'failed', data: { type: 'failed', key: 'storageReadOnly', values: {}, message: messageText('storageReadOnly', 'en') } });
      expect(failed.row.error).toBe(messageText('storageReadOnly', 'en'));
      expect(await healthUntil('storageReadOnly')).toEqual({
        database: { ok: true },
        redis: null,
        storage: { writable: false, key: 'storageReadOnly', message: messageText('storageReadOnly', 'en') },
      });
      expect((await sendForm()).status).toBe(201);
      expect((await editDraft('v6')).status).toBe(200);
    } finally {
      mount('-o', 'remount,rw', storageDir);
    }
    await healthUntil(null);
    await expectAllWorks('v7');
  });
});
