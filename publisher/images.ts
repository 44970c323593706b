import { createHash } from 'node:crypto';
import os from 'node:os';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../model/constants.ts';
import type { Storage } from '../storage/storage.ts';

export type ImageVariant = {
  width: number;
  height: number;
  format: 'avif' | 'webp' | 'jpeg' | 'png';
  key: string;
  bytes: number;
};

export type ImageSet = {
  /** Hex sha256 of the uploaded bytes; every key of the set lives under `media/{sha256}/`. */
  sha256: string;
  /** Size after EXIF orientation. */
  width: number;
  height: number;
  /** Sorted by width, WebP before the fallback at each width. */
  variants: ImageVariant[];
  /** The widest fallback (JPEG or PNG), for `<img src>`. */
  fallbackKey: string;
  /** Average colour as `#rrggbb`, to paint before the image loads; absent when the image has transparency. */
  placeholderColor?: string;
};

/** The image's bytes, or its known sha256 and a way to read the bytes when a derivative must be made. */
export type ImageSource = Uint8Array | { sha256: string; load(): Promise<Uint8Array> };

export type MakeImageSetOptions = {
  widths?: readonly number[];
  /** Called once for each derivative made (not for those reused), for progress reports. */
  onVariant?: () => void;
};

/** The spec's responsive widths. */
export const DEFAULT_IMAGE_WIDTHS: readonly number[] = [50, 100, 200, 400, 600, 800, 1200, 1920];

type VariantFormat = ImageVariant['format'];

const EXTENSIONS: Readonly<Record<VariantFormat, string>> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
const CONTENT_TYPES: Readonly<Record<VariantFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
/** A derivative's key names its content, so its bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How many sharp pipelines to keep in flight so that every core works without
 * oversubscribing. sharp's own thread count (`sharp.concurrency()`) is left at its default:
 * one thread per core, or 1 on glibc Linux without jemalloc, where more threads fragment
 * memory; in that case parallelism has to come from running several pipelines at once, up
 * to the libuv pool that runs them.
 */
export function sharpConcurrency(): number {
  const threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const perCore = Math.floor(os.availableParallelism() / Math.max(1, sharp.concurrency()));
  return Math.max(1, Math.min(threadPool, perCore));
}

/**
 * The widths to make for a source `sourceWidth` pixels wide: the requested widths that fit,
 * plus the source width itself when it falls below the widest requested one, so the largest
 * derivative is never upscaled nor needlessly small.
 *
 * @example planImageWidths(300) // [50, 100, 200, 300]
 * @example planImageWidths(30)  // [30]
 */
export function planImageWidths(sourceWidth: number, widths: readonly number[] = DEFAULT_IMAGE_WIDTHS): number[] {
  if (!Number.isInteger(sourceWidth) || sourceWidth < 1) throw new Error(`invalid source width ${sourceWidth}`);
  for (const width of widths) {
    if (!Number.isInteger(width) || width < 1) throw new Error(`image widths must be positive integers, got ${width}`);
  }
  if (widths.length === 0) throw new Error('at least one image width is needed');
  const sorted = [...new Set(widths)].sort((a, b) => a - b);
  const planned = sorted.filter((width) => width <= sourceWidth);
  if (sourceWidth < sorted[sorted.length - 1]! && !planned.includes(sourceWidth)) planned.push(sourceWidth);
  return planned;
}

/**
 * Makes the responsive derivatives of an image (WebP and a JPEG or PNG fallback at each
 * width) under `media/{sha256}/`, and records them in `media/{sha256}/set.json`.
 *
 * Content-addressed and idempotent: when set.json already covers the widths, it is returned
 * and nothing is made or written; after a killed run, derivatives already stored are reused
 * and only the missing ones are made. set.json is written last, so its presence means the
 * whole set exists.
 *
 * @returns the set; `made` derivatives were made by this call and the set's other `reused`
 *   ones were already stored, so `made + reused === set.variants.length`.
 */
export async function makeImageSet(storage: Storage, input: ImageSource, opts: MakeImageSetOptions = {}): Promise<{ set: ImageSet; made: number; reused: number }> {
  const sha256 = input instanceof Uint8Array ? createHash('sha256').update(input).digest('hex') : input.sha256;
  const prefix = `media/${sha256}/`;
  const setKey = `${prefix}set.json`;

  const previous = await readImageSet(storage, setKey, sha256);
  if (previous !== null && coversWidths(previous, planImageWidths(previous.width, opts.widths))) {
    return { set: previous, made: 0, reused: previous.variants.length };
  }

  // The bytes are read only now: a set that already exists never costs a download.
  const source = input instanceof Uint8Array ? input : await input.load();
  const { width, height, opaque } = await inspect(source);
  const fallback: VariantFormat = opaque ? 'jpeg' : 'png';
  const formats: VariantFormat[] = ['webp', fallback];

  const stored = new Map<string, number>();
  for await (const info of storage.list(prefix)) stored.set(info.key, info.size);

  const variants = new Map<string, ImageVariant>();
  // Widths an earlier call asked for stay in the set: their files exist, and set.json only grows.
  for (const variant of previous?.variants ?? []) {
    if (stored.has(variant.key)) variants.set(variant.key, variant);
  }

  let made = 0;
  const jobs: (() => Promise<void>)[] = [];
  for (const targetWidth of planImageWidths(width, opts.widths)) {
    // Computed here rather than left to libvips' rounding, so a reused derivative's height is
    // known without decoding it.
    const targetHeight = Math.max(1, Math.round((height * targetWidth) / width));
    let base: Sharp | undefined;
    for (const format of formats) {
      const key = `${prefix}${targetWidth}.${EXTENSIONS[format]}`;
      const bytes = stored.get(key);
      if (bytes !== undefined) {
        variants.set(key, { width: targetWidth, height: targetHeight, format, key, bytes });
        continue;
      }
      base ??= resized(source, targetWidth, targetHeight, opaque);
      const pipeline = base.clone();
      jobs.push(async () => {
        const data = await encode(pipeline, format);
        await storage.put(key, data, { contentType: CONTENT_TYPES[format], cacheControl: IMMUTABLE });
        variants.set(key, { width: targetWidth, height: targetHeight, format, key, bytes: data.byteLength });
        made++;
        opts.onVariant?.();
      });
    }
  }

  let placeholderColor = opaque ? previous?.placeholderColor : undefined;
  if (opaque && placeholderColor === undefined) {
    jobs.push(async () => {
      placeholderColor = await averageColor(source);
    });
  }
  await runLimited(jobs, sharpConcurrency());

  const sorted = [...variants.values()].sort((a, b) => a.width - b.width || formatRank(a.format) - formatRank(b.format));
  const widestFallback = sorted.filter((variant) => variant.format === fallback).at(-1);
  if (widestFallback === undefined) throw new Error(`image set ${sha256} has no ${fallback} fallback`);
  const set: ImageSet = { sha256, width, height, variants: sorted, fallbackKey: widestFallback.key };
  if (placeholderColor !== undefined) set.placeholderColor = placeholderColor;
  await storage.put(setKey, JSON.stringify(set), { contentType: 'application/json', cacheControl: 'no-cache' });
  return { set, made, reused: sorted.length - made };
}

/**
 * The `srcset` attribute value for one format of a set, narrowest first.
 *
 * @example srcsetFor(set, 'webp', (key) => storage.publicUrl(key)) // 'https://…/50.webp 50w, https://…/100.webp 100w'
 */
export function srcsetFor(set: ImageSet, format: ImageVariant['format'], urlFor: (key: string) => string): string {
  return set.variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${urlFor(variant.key)} ${variant.width}w`)
    .join(', ');
}

/**
 * An image over MAX_IMAGE_PIXELS (one stored before uploads were held to it): refused before a
 * pixel is decoded, so it cannot hold a publish for minutes and gigabytes.
 */
export class ImageTooManyPixelsError extends Error {
  override name = 'ImageTooManyPixelsError';
  readonly width: number;
  readonly height: number;
  /** The upload's name, once the medium it belongs to is known. */
  readonly file: string;
  constructor(width: number, height: number, file = '') {
    super(`the source image${file ? ` ${file}` : ''} has ${width} × ${height} pixels, over ${MAX_IMAGE_PIXELS}`);
    this.width = width;
    this.height = height;
    this.file = file;
  }
}

/** Every decode of a source: libvips refuses to decode past the limit whatever the header said. */
const decode = (source: Uint8Array) => sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS });

async function inspect(source: Uint8Array): Promise<{ width: number; height: number; opaque: boolean }> {
  let metadata: Metadata;
  try {
    // The header alone, without the limit (metadata() would refuse with libvips' text): the check below words it.
    metadata = await sharp(source).metadata();
  } catch (error) {
    throw new Error('the source is not an image sharp can decode', { cause: error });
  }
  const { width, height } = metadata.autoOrient;
  if (!(width > 0 && height > 0)) throw new Error('the source image has no size');
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageTooManyPixelsError(width, height);
  // An alpha channel is often present but unused (SVGs always have one); only a pixel that
  // is not fully opaque makes the image need a PNG fallback.
  const opaque = !metadata.hasAlpha || (await decode(source).stats()).isOpaque;
  return { width, height, opaque };
}

function resized(source: Uint8Array, width: number, height: number, opaque: boolean): Sharp {
  const pipeline = decode(source).rotate().resize({ width, height, fit: 'fill' });
  return opaque ? pipeline.removeAlpha() : pipeline;
}

function encode(pipeline: Sharp, format: VariantFormat): Promise<Buffer> {
  switch (format) {
    case 'webp':
      return pipeline.webp({ quality: 78 }).toBuffer();
    case 'jpeg':
      return pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    case 'png':
      return pipeline.png().toBuffer();
    case 'avif':
      return pipeline.avif({ quality: 55 }).toBuffer();
  }
}

async function averageColor(source: Uint8Array): Promise<string> {
  const pixel = await decode(source).resize(1, 1, { fit: 'fill' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  return `#${[...pixel.subarray(0, 3)].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function formatRank(format: VariantFormat): number {
  return format === 'avif' ? 0 : format === 'webp' ? 1 : 2;
}

function coversWidths(set: ImageSet, widths: readonly number[]): boolean {
  return widths.every(
    (width) =>
      set.variants.some((variant) => variant.width === width && variant.format === 'webp') &&
      set.variants.some((variant) => variant.width === width && (variant.format === 'jpeg' || variant.format === 'png')),
  );
}

async function readImageSet(storage: Storage, key: string, sha256: string): Promise<ImageSet | null> {
  const object = await storage.get(key);
  if (object === null) return null;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(object.body));
    return isImageSet(parsed, sha256) ? parsed : null;
  } catch {
    // An unreadable index is remade rather than trusted.
    return null;
  }
}

function isImageSet(value: unknown, sha256: string): value is ImageSet {
  if (typeof value !== 'object' || value === null) return false;
  const set = value as Record<string, unknown>;
  return (
    set.sha256 === sha256 &&
    Number.isInteger(set.width) &&
    Number.isInteger(set.height) &&
    typeof set.fallbackKey === 'string' &&
    (set.placeholderColor === undefined || typeof set.placeholderColor === 'string') &&
    Array.isArray(set.variants) &&
    set.variants.every(isVariant)
  );
}

function isVariant(value: unknown): value is ImageVariant {
  if (typeof value !== 'object' || value === null) return false;
  const variant = value as Record<string, unknown>;
  return (
    Number.isInteger(variant.width) &&
    Number.isInteger(variant.height) &&
    typeof variant.key === 'string' &&
    Number.isInteger(variant.bytes) &&
    typeof variant.format === 'string' &&
    variant.format in EXTENSIONS
  );
}

/** Runs `jobs` with at most `limit` at once; on a failure starts no more and rethrows once all have settled. */
async function runLimited(jobs: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < jobs.length) {
      const job = jobs[next++]!;
      try {
        await job();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected !== undefined) throw rejected.reason;
}
