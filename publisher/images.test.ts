import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsStorage } from '../storage/fs-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { DEFAULT_IMAGE_WIDTHS, makeImageSet, planImageWidths, sharpConcurrency, srcsetFor } from './images.ts';
import type { ImageSet } from './images.ts';

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-images-'));
  storage = createFsStorage({ root, publicBaseUrl: 'https://cdn.example' });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A JPEG with a colour gradient, made from raw pixels so each size is a real photo-like image. */
async function gradientJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** A PNG whose left half is fully transparent. */
async function halfTransparentPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      pixels.set([200, 40, 40, x < width / 2 ? 0 : 255], i);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Counts the writes that reach the storage. */
function countingPuts(inner: Storage): { storage: Storage; puts: string[] } {
  const puts: string[] = [];
  return {
    puts,
    storage: {
      ...inner,
      put: (key, body, opts) => {
        puts.push(key);
        return inner.put(key, body, opts);
      },
    },
  };
}

async function storedMetadata(key: string): Promise<Metadata> {
  const object = await storage.get(key);
  if (object === null) throw new Error(`${key} was not stored`);
  return sharp(object.body).metadata();
}

describe('makeImageSet', () => {
  it('makes WebP and JPEG at every default width for a 3000x2000 photo, with the right sizes', async () => {
    const source = await gradientJpeg(3000, 2000);
    let progress = 0;
    const { set, made, reused } = await makeImageSet(storage, source, { onVariant: () => progress++ });

    expect(made).toBe(16);
    expect(reused).toBe(0);
    expect(progress).toBe(16);
    expect(set).toMatchObject({ width: 3000, height: 2000 });
    expect(set.sha256).toMatch(/^[0-9a-f]{64}$/);
    const expected = [
      [50, 33],
      [100, 67],
      [200, 133],
      [400, 267],
      [600, 400],
      [800, 533],
      [1200, 800],
      [1920, 1280],
    ];
    expect(set.variants.map((v) => [v.width, v.height, v.format])).toEqual(
      expected.flatMap(([w, h]) => [
        [w, h, 'webp'],
        [w, h, 'jpeg'],
      ]),
    );
    for (const variant of set.variants) {
      const ext = variant.format === 'jpeg' ? 'jpg' : variant.format;
      expect(variant.key).toBe(`media/${set.sha256}/${variant.width}.${ext}`);
      const metadata = await storedMetadata(variant.key);
      expect([metadata.width, metadata.height, metadata.format]).toEqual([variant.width, variant.height, variant.format]);
      expect((await storage.head(variant.key))?.size).toBe(variant.bytes);
    }
    expect(set.fallbackKey).toBe(`media/${set.sha256}/1920.jpg`);
    expect(set.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
    expect((await storage.head(`media/${set.sha256}/400.webp`))?.contentType).toBe('image/webp');
  });

  it('never upscales: a 300-px-wide image gives 50, 100, 200 and 300', async () => {
    const { set } = await makeImageSet(storage, await gradientJpeg(300, 150));
    expect([...new Set(set.variants.map((v) => v.width))]).toEqual([50, 100, 200, 300]);
    expect(set.variants.find((v) => v.width === 300)?.height).toBe(150);
    expect(set.fallbackKey).toBe(`media/${set.sha256}/300.jpg`);
  });

  it('makes one width, the source width, for an image narrower than 50 px', async () => {
    const { set, made } = await makeImageSet(storage, await gradientJpeg(30, 20));
    expect(made).toBe(2);
    expect(set.variants.map((v) => [v.width, v.height, v.format])).toEqual([
      [30, 20, 'webp'],
      [30, 20, 'jpeg'],
    ]);
  });

  it('makes nothing and writes nothing for bytes it has seen before', async () => {
    const source = await gradientJpeg(900, 600);
    const first = await makeImageSet(storage, source);
    const counted = countingPuts(storage);
    let progress = 0;
    const second = await makeImageSet(counted.storage, source, { onVariant: () => progress++ });

    expect(second.made).toBe(0);
    expect(second.reused).toBe(first.set.variants.length);
    expect(counted.puts).toEqual([]);
    expect(progress).toBe(0);
    expect(second.set).toEqual(first.set);
  });

  it('after a killed run, reuses the stored derivatives and makes only the missing ones', async () => {
    const source = await gradientJpeg(900, 600);
    const first = await makeImageSet(storage, source);
    // What a run killed before its last writes leaves: no set.json and a derivative missing.
    await storage.delete(`media/${first.set.sha256}/set.json`);
    await storage.delete(`media/${first.set.sha256}/800.webp`);

    const counted = countingPuts(storage);
    const again = await makeImageSet(counted.storage, source);
    expect(again.made).toBe(1);
    expect(again.reused).toBe(first.set.variants.length - 1);
    expect(counted.puts).toEqual([`media/${first.set.sha256}/800.webp`, `media/${first.set.sha256}/set.json`]);
    expect(again.set).toEqual(first.set);
  });

  it('writes set.json last, so its presence means the whole set exists', async () => {
    const counted = countingPuts(storage);
    const { set } = await makeImageSet(counted.storage, await gradientJpeg(120, 80));
    expect(counted.puts.at(-1)).toBe(`media/${set.sha256}/set.json`);
    expect(counted.puts).toHaveLength(set.variants.length + 1);
  });

  it('makes the widths a later call adds and keeps the earlier ones', async () => {
    const source = await gradientJpeg(900, 600);
    await makeImageSet(storage, source, { widths: [100, 200] });
    const { set, made, reused } = await makeImageSet(storage, source, { widths: [200, 400] });
    expect(made).toBe(2);
    expect(reused).toBe(4);
    expect([...new Set(set.variants.map((v) => v.width))]).toEqual([100, 200, 400]);
  });

  it('falls back to PNG for an image with transparent pixels and gives it no placeholder colour', async () => {
    const { set } = await makeImageSet(storage, await halfTransparentPng(240, 120));
    expect(new Set(set.variants.map((v) => v.format))).toEqual(new Set(['webp', 'png']));
    expect(set.fallbackKey).toBe(`media/${set.sha256}/240.png`);
    expect(set.placeholderColor).toBeUndefined();
    const metadata = await storedMetadata(`media/${set.sha256}/100.webp`);
    expect(metadata.hasAlpha).toBe(true);
  });

  it('falls back to JPEG for a PNG whose alpha channel is fully opaque', async () => {
    const opaque = await sharp({ create: { width: 80, height: 40, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 1 } } })
      .png()
      .toBuffer();
    const { set } = await makeImageSet(storage, opaque);
    expect(set.fallbackKey).toBe(`media/${set.sha256}/80.jpg`);
    expect(set.placeholderColor).toBe('#0ac81e');
  });

  it('renders SVG input', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#336699"/><circle cx="320" cy="180" r="100" fill="#fc0"/></svg>');
    const { set } = await makeImageSet(storage, svg);
    expect(set).toMatchObject({ width: 640, height: 360, fallbackKey: `media/${set.sha256}/640.jpg` });
    expect([...new Set(set.variants.map((v) => v.width))]).toEqual([50, 100, 200, 400, 600, 640]);
    const metadata = await storedMetadata(`media/${set.sha256}/400.jpg`);
    expect([metadata.width, metadata.height]).toEqual([400, 225]);
  });

  it('applies EXIF orientation before sizing', async () => {
    const sideways = await sharp(await gradientJpeg(300, 200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const { set } = await makeImageSet(storage, sideways);
    expect(set).toMatchObject({ width: 200, height: 300 });
    const metadata = await storedMetadata(`media/${set.sha256}/100.jpg`);
    expect([metadata.width, metadata.height]).toEqual([100, 150]);
  });

  it('rejects bytes that are not an image and stores nothing', async () => {
    await expect(makeImageSet(storage, new TextEncoder().encode('not an image'))).rejects.toThrow(/not an image/);
    const keys: string[] = [];
    for await (const info of storage.list('')) keys.push(info.key);
    expect(keys).toEqual([]);
  });
});

describe('planImageWidths', () => {
  it('keeps the widths that fit and adds the source width below the widest', () => {
    expect(planImageWidths(3000)).toEqual([...DEFAULT_IMAGE_WIDTHS]);
    expect(planImageWidths(1920)).toEqual([...DEFAULT_IMAGE_WIDTHS]);
    expect(planImageWidths(400)).toEqual([50, 100, 200, 400]);
    expect(planImageWidths(10)).toEqual([10]);
  });

  it('refuses widths that are not positive integers', () => {
    expect(() => planImageWidths(100, [0])).toThrow(/positive integers/);
    expect(() => planImageWidths(100, [])).toThrow(/at least one/);
  });
});

describe('srcsetFor', () => {
  const set: ImageSet = {
    sha256: 'ab',
    width: 300,
    height: 200,
    fallbackKey: 'media/ab/300.jpg',
    variants: [
      { width: 300, height: 200, format: 'webp', key: 'media/ab/300.webp', bytes: 3 },
      { width: 50, height: 33, format: 'webp', key: 'media/ab/50.webp', bytes: 1 },
      { width: 50, height: 33, format: 'jpeg', key: 'media/ab/50.jpg', bytes: 1 },
      { width: 300, height: 200, format: 'jpeg', key: 'media/ab/300.jpg', bytes: 3 },
    ],
  };

  it('lists the URL and width of each variant of one format, narrowest first', () => {
    expect(srcsetFor(set, 'webp', (key) => `https://cdn.example/${key}`)).toBe('https://cdn.example/media/ab/50.webp 50w, https://cdn.example/media/ab/300.webp 300w');
    expect(srcsetFor(set, 'jpeg', (key) => `/${key}`)).toBe('/media/ab/50.jpg 50w, /media/ab/300.jpg 300w');
  });

  it('is empty for a format the set does not have', () => {
    expect(srcsetFor(set, 'avif', (key) => key)).toBe('');
  });
});

describe('sharpConcurrency', () => {
  it('is at least one pipeline', () => {
    expect(sharpConcurrency()).toBeGreaterThanOrEqual(1);
  });
});
