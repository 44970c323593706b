import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BulkUploadEvent } from '../../model/bulk-upload.ts';
import type { SiteView } from '../../model/site-view.ts';
import { createTestContext, fileForm, parseSse, type TestContext } from '../test-support.ts';
import { createBulkUploads } from './bulk-upload-jobs.ts';
import { colourOf, imageZip, lyingZip, storedZip, textZip, zeroBomb } from './zip-fixtures.ts';

let ctx: TestContext;
let site: SiteView;

beforeEach(async () => {
  ctx = await createTestContext();
  site = await ctx.createSite({ numberHorizontal: 4, numberVertical: 5 });
});

afterEach(async () => {
  await ctx.cleanup();
});

const start = (zip: Uint8Array, name = 'creatives.zip') => ctx.request(`/api/site/${site.id}/bulk-upload/start`, { method: 'POST', body: fileForm(zip, name, 'application/zip') });

/** Starts an upload and reads its whole event stream. */
async function upload(zip: Uint8Array): Promise<{ uploadId: string; events: BulkUploadEvent[] }> {
  const started = await start(zip);
  expect(started.status).toBe(202);
  const { uploadId, events } = (await started.json()) as { uploadId: string; events: string };
  const stream = await ctx.request(events);
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return { uploadId, events: parseSse(await stream.text()).map((event) => event.data as BulkUploadEvent) };
}

/** Follows a started upload to its end, so no job outlives the test's database. */
async function drain(started: Response): Promise<void> {
  const { events } = (await started.json()) as { events: string };
  await (await ctx.request(events)).text();
}

const complete = (uploadId: string) => ctx.request(`/api/site/${site.id}/bulk-upload/complete`, { method: 'POST', json: { uploadId } });

async function centreColour(url: string): Promise<string> {
  const image = await ctx.request(url);
  const { data } = await sharp(Buffer.from(await image.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return `#${[data[0]!, data[1]!, data[2]!].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

describe('bulk upload of a ZIP through the server', () => {
  it('places a ZIP of 20 images on the pages in name order (A1…A5, B1…), reporting progress per entry', async () => {
    const { uploadId, events } = await upload(await imageZip(20));
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ done: 20, total: 20 });
    expect(progress.map((event) => event.done)).toEqual([...progress.map((event) => event.done)].sort((a, b) => a - b));
    expect(events.at(-1)).toEqual({ type: 'done', images: 20, bad: [] });

    const answer = await complete(uploadId);
    expect(answer.status).toBe(200);
    const { placed, bad, site: view } = (await answer.json()) as { placed: { name: string; position: string; imageUrl: string }[]; bad: unknown[]; site: SiteView };
    expect(bad).toEqual([]);
    const positions = ['A', 'B', 'C', 'D'].flatMap((column) => [1, 2, 3, 4, 5].map((row) => `${column}${row}`));
    expect(placed.map((one) => [one.name, one.position])).toEqual(positions.map((position, index) => [`${index + 1}.png`, position]));
    const pages = view.creatives.flatMap((creative) => creative.pages);
    for (const [index, one] of placed.entries()) {
      expect(pages.find((page) => page.position === one.position)?.detail.imageUrl).toBe(one.imageUrl);
      expect(await centreColour(one.imageUrl)).toBe(colourOf(index + 1));
    }
    // Completed once: the images are placed, not kept for a second completion.
    expect((await complete(uploadId)).status).toBe(404);
  });

  for (const archiver of ['zip -0', 'python zipfile'] as const) {
    it(`places the stored (uncompressed) entries of a ZIP made by ${archiver} in name order`, async () => {
      const zip = await storedZip(3, archiver);
      // Compression method 0 in the first local header: the entries really are stored.
      expect(zip.readUInt16LE(8)).toBe(0);
      const { uploadId, events } = await upload(zip);
      expect(events.at(-1)).toEqual({ type: 'done', images: 3, bad: [] });
      const { placed } = (await (await complete(uploadId)).json()) as { placed: { name: string; position: string; imageUrl: string }[] };
      expect(placed.map((one) => [one.name, one.position])).toEqual([
        ['1.png', 'A1'],
        ['2.png', 'A2'],
        ['3.png', 'A3'],
      ]);
      for (const [index, one] of placed.entries()) expect(await centreColour(one.imageUrl)).toBe(colourOf(index + 1));
    });
  }

  it('refuses a stored entry that holds more bytes than its headers declare, as a ZIP bomb', async () => {
    const { events } = await upload(await lyingZip(2 * 1024 * 1024, 1000, { stored: true }));
    expect(events.at(-1)).toMatchObject({ type: 'failed', key: 'zipBomb' });
  });

  it('names the images that find no page left', async () => {
    site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 3 });
    const { uploadId } = await upload(await imageZip(5));
    const { placed, bad } = (await (await complete(uploadId)).json()) as { placed: unknown[]; bad: { name: string; key: string }[] };
    expect(placed).toHaveLength(3);
    expect(bad).toEqual([expect.objectContaining({ name: '4.png', key: 'zipNoPageLeft' }), expect.objectContaining({ name: '5.png', key: 'zipNoPageLeft' })]);
  });

  it('refuses a ZIP of text files: at least one image is needed', async () => {
    const response = await start(await textZip());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ key: 'zipNoImages', message: 'At least one image is needed. The ZIP holds no JPG or PNG image.' });
  });

  it('fails with at least one image needed when the entries named .png are not images', async () => {
    const { events } = await upload(await lyingNames());
    expect(events.at(-1)).toEqual({ type: 'failed', key: 'zipNoImages', values: {} });
  });

  it('refuses a file that is not a ZIP', async () => {
    const response = await start(new TextEncoder().encode('just some text, no archive'), 'fake.zip');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ key: 'zipNotAZip', message: 'fake.zip - This file is not a ZIP archive. Please upload a ZIP file of images.' });
  });

  it('refuses a highly compressible entry as a ZIP bomb while inflating, with memory bounded', async () => {
    const inflated = 64 * 1024 * 1024;
    const bomb = await zeroBomb(inflated);
    expect(bomb.byteLength).toBeLessThan(inflated / 500);
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 2);
    try {
      const { uploadId, events } = await upload(bomb);
      expect(events.at(-1)).toMatchObject({ type: 'failed', key: 'zipBomb' });
      expect((await complete(uploadId)).status).toBe(400);
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThan(inflated / 2);
  });

  it('refuses an entry that inflates past the size its headers declare', async () => {
    const { events } = await upload(await lyingZip(2 * 1024 * 1024, 1000));
    expect(events.at(-1)).toMatchObject({ type: 'failed', key: 'zipBomb' });
    // The site's place is free again as soon as the refusal is told.
    const again = await start(await imageZip(1));
    expect(again.status).toBe(202);
    await drain(again);
  });

  it('runs one bulk upload per site at a time', async () => {
    const zip = await imageZip(20, 400);
    const [first, second] = await Promise.all([start(zip), start(zip)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([202, 429]);
    const refused = first.status === 429 ? first : second;
    expect(await refused.json()).toMatchObject({ key: 'bulkUploadRunning' });
    await drain(first.status === 202 ? first : second);
  });
});

/** A ZIP whose entries are named .png but hold text. */
async function lyingNames(): Promise<Buffer> {
  const { default: yazl } = await import('yazl');
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('not an image'), 'a.png');
  zip.addBuffer(Buffer.from('neither'), 'b.png');
  const chunks: Buffer[] = [];
  zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => zip.outputStream.on('end', resolve));
  zip.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('places for bulk uploads', () => {
  it('holds one per site and four over all sites, each freed by its release', () => {
    const uploads = createBulkUploads({ db: ctx.db, storage: ctx.storage });
    const releases = ['s1', 's2', 's3', 's4'].map((id) => uploads.take(id));
    expect(() => uploads.take('s1')).toThrow(expect.objectContaining({ key: 'bulkUploadRunning' }));
    expect(() => uploads.take('s5')).toThrow(expect.objectContaining({ key: 'tooManyRequests' }));
    releases[0]!();
    releases[0]!();
    expect(() => uploads.take('s5')).not.toThrow();
    expect(() => uploads.take('s6')).toThrow(expect.objectContaining({ key: 'tooManyRequests' }));
  });

  it('does not let another site follow or complete an upload', async () => {
    const { uploadId } = await upload(await imageZip(1));
    const other = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    expect((await ctx.request(`/api/site/${other.id}/bulk-upload/${uploadId}/events`)).status).toBe(404);
    expect((await ctx.request(`/api/site/${other.id}/bulk-upload/complete`, { method: 'POST', json: { uploadId } })).status).toBe(404);
    expect((await complete(uploadId)).status).toBe(200);
  });
});
