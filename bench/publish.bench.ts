import { closeDatabase } from '../api/db/open-database.ts';
/**
 * Publishing benchmark (`npm run bench`): a 5 × 10 site in 4 languages with 50 distinct
 * 3000 × 2000 photos, published first, republished unchanged, republished after one text
 * edit; compared with sharp alone; and the viewer's first-load JavaScript weighed. Then a
 * 20 × 50 site in the same languages (4,000 pages, the same photos) is published beside it: its
 * pages step, the bytes of its version and its A1 HTML show how a publish grows with the grid.
 *
 * It prints figures and ratios and never asserts a time: machines differ. Everything lives in
 * a temporary folder removed at the end. The figures are also written to
 * bench/results/publish.json.
 *
 * `npm run bench -- publish --sweep` measures only the sweep a publish ends with, as the number of
 * other published sites grows (10, then 200): see {@link sweepMain}; figures to
 * bench/results/publish-sweep.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { openDatabase } from '../api/db/open-database.ts';
import type { Db } from '../api/db/open-database.ts';
import { publishAndSweep } from '../api/publishing/publish-and-sweep.ts';
import { createStorageLease } from '../api/publishing/storage-lease.ts';
import { createSite } from '../api/sites/create-site.ts';
import { ensureFirstOperator } from '../api/identity/ensure-first-operator.ts';
import { findSiteForAccount } from '../api/sites/find-site.ts';
import type { SiteRow } from '../api/sites/find-site.ts';
import { loadSiteDraft } from '../api/sites/load-site-draft.ts';
import { storeUploadedBytes } from '../api/sites/store-upload.ts';
import { writePage } from '../api/sites/write-page.ts';
import type { Language } from '../model/language.ts';
import { pageContentSchema } from '../model/page.ts';
import { columnLetters } from '../model/position.ts';
import { createSiteInputSchema } from '../model/site-input.ts';
import { makeImageSet, planImageWidths, sharpConcurrency } from '../publisher/images.ts';
import { publishSite } from '../publisher/publish.ts';
import { DEFAULT_SITE_ORIGIN, siteAddress } from '../model/site-address.ts';
import type { PublishProgress, PublishResult, PublishStep } from '../publisher/publish.ts';
import { loadRenderer } from '../publisher/renderer.ts';
import type { Renderer } from '../publisher/renderer.ts';
import { buildSnapshot } from '../publisher/snapshot.ts';
import { readLiveManifest } from '../publisher/live.ts';
import { objectKey } from '../publisher/versions.ts';
import type { Manifest } from '../publisher/versions.ts';
import { ensureBuilt } from '../scripts/build-template.ts';
import { createStorage } from '../storage/index.ts';
import type { Storage } from '../storage/index.ts';

const COLUMNS = 5;
const ROWS = 10;
const LANGUAGES: readonly Language[] = ['jp', 'en', 'cn', 'kr'];
const DEFAULT_LANGUAGE: Language = 'jp';
const IMAGE_COUNT = COLUMNS * ROWS;
/** The large site: 4,000 pages in all, its pictures the 50 above used again, so only rendering grows. */
const BIG_COLUMNS = 20;
const BIG_ROWS = 50;
const IMAGE_WIDTH = 3000;
const IMAGE_HEIGHT = 2000;
const RESULTS_FILE = fileURLToPath(new URL('./results/publish.json', import.meta.url));
const SWEEP_RESULTS_FILE = fileURLToPath(new URL('./results/publish-sweep.json', import.meta.url));

// ── small helpers ────────────────────────────────────────────────────────────

const now = () => performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (body: Uint8Array | string) => gzipSync(body, { level: 9 }).byteLength;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function heading(text: string): void {
  console.log(`\n── ${text} ${'─'.repeat(Math.max(0, 72 - text.length))}`);
}

function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(44)} ${value}`);
}

/** Wall time, and the process's CPU time (every thread, libvips' included) over the same span. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = now();
  const value = await work();
  const ms = now() - started;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

const cpuNote = (run: { ms: number; cpuMs: number }) => `${seconds(run.cpuMs)} CPU, ${(run.cpuMs / run.ms).toFixed(2)} cores busy`;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** Runs `jobs` with at most `limit` in flight. */
async function pool(jobs: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

/** mulberry32: a small seeded generator, so every run makes the same pictures. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A distinct photo-like picture: a diagonal two-colour gradient, soft waves, 120 discs of
 * many sizes whose places depend on the index, a 4-pixel texture and fine grain, so every
 * derivative width keeps some detail; encoded as JPEG quality 85 (about 700 KB; its 1920
 * derivatives weigh about 160 KB in WebP and 215 KB in JPEG).
 */
async function makeSourceImage(index: number): Promise<Uint8Array> {
  const random = seeded(index * 7919 + 17);
  const from = [random() * 255, random() * 255, random() * 255];
  const to = [random() * 255, random() * 255, random() * 255];
  const waveX = 0.002 + random() * 0.01;
  const waveY = 0.002 + random() * 0.01;
  const blobs = Array.from({ length: 120 }, () => ({ x: random() * IMAGE_WIDTH, y: random() * IMAGE_HEIGHT, r: 10 + random() ** 2 * 500, tint: random() * 80 - 40 }));
  const pixels = Buffer.allocUnsafe(IMAGE_WIDTH * IMAGE_HEIGHT * 3);
  const grain = Int8Array.from({ length: 4096 }, () => Math.round((random() - 0.5) * 6));
  const texture = Int8Array.from({ length: 4096 }, () => Math.round((random() - 0.5) * 18));
  let textureShift = 0;
  const waveColumn = Float32Array.from({ length: IMAGE_WIDTH }, (_, x) => Math.sin(x * waveX) * 18);
  const shade = new Float32Array(IMAGE_WIDTH);
  const [r0, g0, b0] = from as [number, number, number];
  const [dr, dg, db] = [to[0]! - r0, to[1]! - g0, to[2]! - b0];
  const clamp = (value: number) => Math.min(Math.max(value, 0), 255);
  let offset = 0;
  for (let y = 0; y < IMAGE_HEIGHT; y++) {
    const rowShift = Math.floor(random() * 4096);
    if ((y & 3) === 0) textureShift = Math.floor(random() * 4096);
    const waveRow = Math.sin(y * waveY) * 18;
    for (let x = 0; x < IMAGE_WIDTH; x++) shade[x] = waveRow + waveColumn[x]!;
    for (const blob of blobs) {
      const dy = y - blob.y;
      if (Math.abs(dy) >= blob.r) continue;
      const half = Math.sqrt(blob.r * blob.r - dy * dy);
      const end = Math.min(IMAGE_WIDTH, Math.ceil(blob.x + half));
      for (let x = Math.max(0, Math.floor(blob.x - half)); x < end; x++) shade[x] = shade[x]! + blob.tint;
    }
    const rowT = y / IMAGE_HEIGHT / 2;
    for (let x = 0; x < IMAGE_WIDTH; x++) {
      const t = x / IMAGE_WIDTH / 2 + rowT;
      const add = shade[x]! + grain[(x + rowShift) & 4095]! + texture[((x >> 2) + textureShift) & 4095]!;
      pixels[offset++] = clamp(r0 + dr * t + add);
      pixels[offset++] = clamp(g0 + dg * t + add);
      pixels[offset++] = clamp(b0 + db * t + add);
    }
  }
  const jpeg = await sharp(pixels, { raw: { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Uint8Array(jpeg);
}

// ── the site ─────────────────────────────────────────────────────────────────

const TEXTS: Readonly<Record<Language, { main: string; price: string; cta: string; micro: string }>> = {
  jp: { main: '春の新作コレクション', price: '¥12,800', cta: '詳しく見る', micro: '今だけ送料無料' },
  en: { main: 'The new spring collection', price: '¥12,800', cta: 'Learn more', micro: 'Free shipping for now' },
  cn: { main: '春季新品系列', price: '¥12,800', cta: '了解更多', micro: '限时免运费' },
  kr: { main: '봄 신상품 컬렉션', price: '¥12,800', cta: '자세히 보기', micro: '지금만 무료 배송' },
};

function pageBody(lang: Language, position: string, imageUrl: string, buttonId: string, mainText?: string) {
  const text = TEXTS[lang];
  return {
    detail: { imageUrl, imageAlt: `${text.main} ${position}`, mainText: mainText ?? `${text.main} ${position}`, mainTextX: 24, mainTextY: 140, mainTextColor: '#FFFFFF', price: text.price },
    buttons: [
      {
        id: buttonId,
        buttonType: 'text',
        buttonText: text.cta,
        buttonLinkType: 'external',
        linkDestinationUrl: 'https://example.com/',
        buttonPositionLeft: 88,
        buttonPositionTop: 600,
        buttonWidth: 200,
        buttonHeight: 48,
        buttonColor: '#99D52A',
        buttonTextColor: '#FFFFFF',
        buttonShape: 'pill',
        buttonAnimation: 'PULSE',
        microcopyText: text.micro,
        microcopyTextColor: '#FFFFFF',
        textAlign: 'top',
      },
    ],
  };
}

type Setup = {
  db: Db;
  storage: Storage;
  account: { id: string; tenantId: string; scopeRootId: null };
  siteId: string;
  site: SiteRow;
  sources: Uint8Array[];
  firstPage: { id: string; position: string; imageUrl: string; buttonId: string };
};

async function setUp(root: string): Promise<Setup> {
  const db = await openDatabase(join(root, 'bench.sqlite'));
  const storage = createStorage({ driver: 'fs', root: join(root, 'storage'), publicBaseUrl: '/' });
  const operator = await ensureFirstOperator(db, { email: 'bench@swipegrid.local', password: 'Bench-password-1234!' });
  const account = { id: operator.id!, tenantId: operator.id!, scopeRootId: null };
  const siteId = await createSite(
    db,
    account.id,
    createSiteInputSchema.parse({ name: 'Benchmark', numberHorizontal: COLUMNS, numberVertical: ROWS, defaultLanguage: DEFAULT_LANGUAGE, languages: [...LANGUAGES] }),
  );
  const site = await findSiteForAccount(db, account, siteId);

  const generated = await timed(async () => {
    const sources: Uint8Array[] = [];
    for (let index = 0; index < IMAGE_COUNT; index++) {
      sources.push(await makeSourceImage(index));
      progress(`generating images ${index + 1}/${IMAGE_COUNT}`);
    }
    return sources;
  });
  const sources = generated.value;
  const totalSourceBytes = sources.reduce((sum, bytes) => sum + bytes.byteLength, 0);
  endProgress();
  line(
    'source images generated (setup)',
    `${IMAGE_COUNT} × ${IMAGE_WIDTH}×${IMAGE_HEIGHT} JPEG q85, ${kb(totalSourceBytes / IMAGE_COUNT)} average, ${(totalSourceBytes / 1024 / 1024).toFixed(1)} MB in all, ${seconds(generated.ms)}`,
  );

  const draft = await loadSiteDraft(db, siteId);
  let firstPage: Setup['firstPage'] | undefined;
  const written = await timed(async () => {
    let index = 0;
    for (const creative of draft.creatives) {
      for (const page of creative.pages) {
        const position = `${columnLetters(creative.columnIndex)}${page.row}`;
        const upload = await storeUploadedBytes(db, storage, site, { name: `photo-${position}.jpg`, bytes: sources[index]! });
        const buttonId = randomUUID();
        for (const lang of LANGUAGES) await writePage(db, site, page.id, lang, pageContentSchema.parse(pageBody(lang, position, upload.url, buttonId)));
        if (position === 'A1') firstPage = { id: page.id, position, imageUrl: upload.url, buttonId };
        index++;
        progress(`uploading and writing pages ${index}/${IMAGE_COUNT}`);
      }
    }
  });
  endProgress();
  line('uploads + pages written (setup)', `${IMAGE_COUNT} uploads, ${IMAGE_COUNT * LANGUAGES.length} page writes, ${seconds(written.ms)}`);
  if (!firstPage) throw new Error('the grid has no A1 page');
  return { db, storage, account, siteId, site, sources, firstPage };
}

/** The 20 × 50 site in the same languages, each page using one of the small site's photos again. */
async function setUpBig(setup: Setup): Promise<{ siteId: string }> {
  const account = setup.account;
  const siteId = await createSite(
    setup.db,
    account.id,
    createSiteInputSchema.parse({ name: 'Benchmark big', numberHorizontal: BIG_COLUMNS, numberVertical: BIG_ROWS, defaultLanguage: DEFAULT_LANGUAGE, languages: [...LANGUAGES] }),
  );
  const site = await findSiteForAccount(setup.db, account, siteId);
  const uploads: string[] = [];
  for (const [index, bytes] of setup.sources.entries()) uploads.push((await storeUploadedBytes(setup.db, setup.storage, site, { name: `photo-${index}.jpg`, bytes })).url);
  const draft = await loadSiteDraft(setup.db, siteId);
  let index = 0;
  for (const creative of draft.creatives) {
    for (const page of creative.pages) {
      const position = `${columnLetters(creative.columnIndex)}${page.row}`;
      const buttonId = randomUUID();
      for (const lang of LANGUAGES) await writePage(setup.db, site, page.id, lang, pageContentSchema.parse(pageBody(lang, position, uploads[index % uploads.length]!, buttonId)));
      index++;
      if (index % 100 === 0) progress(`writing the big site's pages ${index}/${BIG_COLUMNS * BIG_ROWS}`);
    }
  }
  endProgress();
  return { siteId };
}

// ── progress on stderr ───────────────────────────────────────────────────────

let progressShown = false;
function progress(text: string): void {
  if (!process.stderr.isTTY) return;
  process.stderr.write(`\r\x1b[2K  ${text}`);
  progressShown = true;
}
function endProgress(): void {
  if (progressShown) process.stderr.write('\r\x1b[2K');
  progressShown = false;
}

// ── publishing with step timings ─────────────────────────────────────────────

type StepTimes = Partial<Record<PublishStep, { first: number; last: number; total: number }>>;
/** `pagesCpuMs`: the process's CPU time over the pages step, a figure a shared machine's load inflates far less than wall time. */
type TimedPublish = { result: PublishResult; ms: number; cpuMs: number; pagesCpuMs: number; steps: StepTimes; stepMs: Partial<Record<PublishStep, number>> };

async function timedPublish(setup: Setup, renderer: Renderer, label: string, siteId = setup.siteId): Promise<TimedPublish> {
  const steps: StepTimes = {};
  let pagesCpu: NodeJS.CpuUsage | undefined;
  let pagesCpuMs = 0;
  const onProgress = (event: PublishProgress) => {
    const at = now();
    if (event.step === 'pages') {
      if (!pagesCpu) pagesCpu = process.cpuUsage();
      const used = process.cpuUsage(pagesCpu);
      pagesCpuMs = (used.user + used.system) / 1000;
    }
    const step = steps[event.step];
    if (step) {
      step.last = at;
      step.total = event.total;
    } else {
      steps[event.step] = { first: at, last: at, total: event.total };
    }
    progress(`${label}: ${event.step} ${event.done}/${event.total}`);
  };
  const cpu = process.cpuUsage();
  const started = now();
  const result = await publishSite(await loadSiteDraft(setup.db, siteId), { storage: setup.storage, renderer, onProgress });
  const ended = now();
  const used = process.cpuUsage(cpu);
  endProgress();
  // Each step runs from its first event to the next step's first event (the last to the end).
  const order: PublishStep[] = ['images', 'pages', 'upload'];
  const stepMs: Partial<Record<PublishStep, number>> = {};
  order.forEach((name, index) => {
    const step = steps[name];
    if (!step) return;
    const following = order
      .slice(index + 1)
      .map((next) => steps[next]?.first)
      .find((at) => at !== undefined);
    stepMs[name] = (following ?? ended) - step.first;
  });
  return { result, ms: ended - started, cpuMs: (used.user + used.system) / 1000, pagesCpuMs, steps, stepMs };
}

function printPublish(run: TimedPublish): void {
  const { result } = run;
  line('wall time', `${seconds(run.ms)} (${cpuNote(run)})`);
  line('changed / version', `${result.changed} / ${result.version}`);
  line('files in the version', String(result.files));
  line('objects written', String(result.written));
  line('images made / reused (derivatives)', `${result.imagesMade} / ${result.imagesReused}`);
  line('pages rendered / reused', `${result.pagesRendered} / ${result.pagesReused}`);
  for (const step of ['images', 'pages', 'upload'] as const) {
    const ms = run.stepMs[step];
    if (ms !== undefined) line(`  step ${step}`, `${seconds(ms)} (${run.steps[step]?.total ?? 0} items)`);
  }
}

/** The pages step alone: from its first event (done 0) to its last (done = total). */
function pagesStepMs(run: TimedPublish): number {
  const step = run.steps.pages;
  return step ? step.last - step.first : 0;
}

function changedPaths(before: Manifest | null, after: Manifest | null): string[] {
  if (!before || !after) return [];
  const paths = new Set([...Object.keys(before.files), ...Object.keys(after.files)]);
  return [...paths].filter((path) => before.files[path]?.hash !== after.files[path]?.hash).sort();
}

/** Renders one not-found page, so the entry's lazily imported chunks are loaded now. */
async function warmUp(renderer: Renderer, setup: Setup): Promise<void> {
  const draft = await loadSiteDraft(setup.db, setup.siteId);
  const { site } = buildSnapshot(draft, DEFAULT_LANGUAGE, { entries: {}, thumbnails: {}, keys: [], made: 0, reused: 0 }, siteAddress(draft, { siteOrigin: DEFAULT_SITE_ORIGIN }));
  const { grid: _grid, ...rest } = site;
  await renderer.renderPage({ site: { ...rest, gridPath: '' }, page: null, neighbourhood: null, assetOrigin: '' });
}

// ── sharp alone ──────────────────────────────────────────────────────────────

/** The publisher's derivatives of the same sources through makeImageSet, one image after another as prepareMedia does. */
async function makeImageSetsAlone(root: string, sources: readonly Uint8Array[]): Promise<{ ms: number; cpuMs: number; made: number; bytes: number }> {
  const storage = createStorage({ driver: 'fs', root: join(root, 'storage-sharp-alone'), publicBaseUrl: '/' });
  let made = 0;
  let bytes = 0;
  const { ms, cpuMs } = await timed(async () => {
    for (const [index, source] of sources.entries()) {
      const result = await makeImageSet(storage, source);
      made += result.made;
      bytes += result.set.variants.reduce((sum, variant) => sum + variant.bytes, 0);
      progress(`makeImageSet ${index + 1}/${sources.length}`);
    }
  });
  endProgress();
  return { ms, cpuMs, made, bytes };
}

/**
 * The same derivatives (same widths, same encoder settings as publisher/images.ts) to
 * buffers only: no storage, no metadata/stats/average-colour passes, and no wait between
 * images; every (image, width, format) job goes through one pool of sharpConcurrency().
 */
async function rawSharpLoop(sources: readonly Uint8Array[]): Promise<{ ms: number; cpuMs: number; encodes: number; bytes: number }> {
  const jobs: (() => Promise<void>)[] = [];
  let encodes = 0;
  let bytes = 0;
  for (const source of sources) {
    for (const width of planImageWidths(IMAGE_WIDTH)) {
      const height = Math.max(1, Math.round((IMAGE_HEIGHT * width) / IMAGE_WIDTH));
      const base: Sharp = sharp(source).rotate().resize({ width, height, fit: 'fill' }).removeAlpha();
      // `bytes += await …` would read `bytes` before awaiting and lose the other pipeline's sum.
      jobs.push(async () => {
        const webp = await base.clone().webp({ quality: 78 }).toBuffer();
        bytes += webp.byteLength;
        encodes++;
      });
      jobs.push(async () => {
        const jpeg = await base.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer();
        bytes += jpeg.byteLength;
        encodes++;
        progress(`raw sharp ${encodes}/${sources.length * 16}`);
      });
    }
  }
  const { ms, cpuMs } = await timed(() => pool(jobs, sharpConcurrency()));
  endProgress();
  return { ms, cpuMs, encodes, bytes };
}

// ── the viewer's first-load JavaScript ───────────────────────────────────────

type Weighed = { name: string; bytes: number; gzip: number };

function attributeValues(html: string, attribute: string): string[] {
  const values: string[] = [];
  const pattern = new RegExp(`\\s${attribute}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'gi');
  for (const match of html.matchAll(pattern)) values.push(decodeEntities(match[1] ?? match[2] ?? match[3] ?? ''));
  return values;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Static imports of an ES module (`import … from "x"`, `import "x"`, `export … from "x"`); dynamic `import()` is left out. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const patterns = [/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g, /(?:^|[;\n}])\s*export\s*(?:\*|\{[^}]*\})\s*(?:as\s+[\w$]+\s*)?from\s*["']([^"']+)["']/g];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/**
 * The key of the client asset a script or style URL of the published page names (the
 * renderer's own copy, so a rebuild by another process cannot change what is weighed), or
 * null for anything else.
 */
function assetKeyOf(url: string, assets: ReadonlyMap<string, Uint8Array>, from = '/'): string | null {
  if (/^[a-z]+:/i.test(url) || url.startsWith('//')) return null;
  const path = posix.normalize(url.startsWith('/') ? url : posix.join(posix.dirname(`/${from}`), url)).split(/[?#]/)[0]!;
  const key = path.replace(/^\/+/, '');
  return assets.has(key) ? key : null;
}

async function weighFirstLoad(html: string, assets: ReadonlyMap<string, Uint8Array>): Promise<{ scripts: Weighed[]; inline: Weighed[]; data: Weighed[]; unresolved: string[]; css: Weighed[] }> {
  const entryUrls = new Set<string>();
  for (const tag of html.matchAll(/<script\b([^>]*)>/gi)) {
    const src = attributeValues(tag[0], 'src')[0];
    if (src) entryUrls.add(src);
  }
  for (const tag of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const url of [...attributeValues(tag[0], 'component-url'), ...attributeValues(tag[0], 'renderer-url')]) entryUrls.add(url);
  }
  for (const tag of html.matchAll(/<link\b[^>]*rel=["']?modulepreload[^>]*>/gi)) {
    for (const href of attributeValues(tag[0], 'href')) entryUrls.add(href);
  }

  const scripts: Weighed[] = [];
  const unresolved: string[] = [];
  const seen = new Set<string>();
  const queue = [...entryUrls].map((url) => ({ url, from: '/' }));
  while (queue.length > 0) {
    const { url, from } = queue.shift()!;
    const path = assetKeyOf(url, assets, from);
    if (path === null) {
      unresolved.push(url);
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    const code = Buffer.from(assets.get(path)!);
    scripts.push({ name: path, bytes: code.byteLength, gzip: gzipSize(code) });
    for (const specifier of staticImports(code.toString('utf8'))) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) queue.push({ url: specifier, from: path });
      else unresolved.push(`${specifier} (bare, from ${path})`);
    }
  }

  const inline: Weighed[] = [];
  const data: Weighed[] = [];
  for (const [index, match] of [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].entries()) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (attributeValues(`<x ${attributes}>`, 'src').length > 0 || body.trim() === '') continue;
    const type = attributeValues(`<x ${attributes}>`, 'type')[0]?.toLowerCase() ?? '';
    const entry = { name: `inline #${index + 1}${type ? ` (${type})` : ''}`, bytes: Buffer.byteLength(body), gzip: gzipSize(body) };
    if (type === '' || type === 'module' || type.includes('javascript')) inline.push(entry);
    else data.push(entry);
  }

  const css: Weighed[] = [];
  for (const tag of html.matchAll(/<link\b[^>]*rel=["']?stylesheet[^>]*>/gi)) {
    const href = attributeValues(tag[0], 'href')[0];
    const path = href ? assetKeyOf(href, assets) : null;
    if (path) {
      const body = assets.get(path)!;
      css.push({ name: path, bytes: body.byteLength, gzip: gzipSize(body) });
    }
  }
  for (const [index, match] of [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].entries()) {
    const body = match[1] ?? '';
    if (body.trim()) css.push({ name: `inline <style> #${index + 1}`, bytes: Buffer.byteLength(body), gzip: gzipSize(body) });
  }
  return { scripts, inline, data, unresolved, css };
}

// ── main ─────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const benchStarted = now();
  const loadAtStart = os.loadavg().map((value) => round(value));
  console.log('Swipegrid publish benchmark');
  line('machine', `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB, ${os.platform()} ${os.release()}`);
  line('node / sharp / libvips', `${process.version} / ${sharp.versions.sharp} / ${sharp.versions.vips}`);
  line('sharp threads / pipelines in flight', `${sharp.concurrency()} / ${sharpConcurrency()}`);
  line('load average at start (1/5/15 min)', loadAverage());
  line('site', `${COLUMNS} columns × ${ROWS} rows, languages ${LANGUAGES.join(', ')} (default ${DEFAULT_LANGUAGE})`);

  heading('setup (not measured)');
  const root = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-'));
  let setup: Setup | undefined;
  try {
    setup = await setUp(root);

    // The template is checked and loaded last, right before publishing, and one page is
    // rendered at once: the built entry imports its page chunk lazily, so a rebuild of
    // site-template/dist by another process between loading and the first render would
    // leave the loaded entry pointing at chunks that no longer exist.
    const built = await timed(() => ensureBuilt({ log: (text) => console.error(`  ${text}`) }));
    line('template ready (ensureBuilt)', seconds(built.ms));
    const loaded = await timed(() => loadRenderer());
    const renderer = loaded.value;
    line('renderer loaded', `${millis(loaded.ms)}, ${renderer.clientAssets.length} client assets`);
    const warm = await timed(async () => await warmUp(renderer, setup!));
    line('first render (lazy chunk imports)', millis(warm.ms));

    heading('a. first publish');
    const first = await timedPublish(setup, renderer, 'first publish');
    printPublish(first);

    heading('b. sharp alone (same 50 sources, same derivatives)');
    const alone = await makeImageSetsAlone(root, setup.sources);
    line('makeImageSet into an empty fs storage', `${seconds(alone.ms)} (${cpuNote(alone)}; ${alone.made} derivatives, ${(alone.bytes / 1024 / 1024).toFixed(1)} MB)`);
    const raw = await rawSharpLoop(setup.sources);
    line('raw sharp loop, buffers only', `${seconds(raw.ms)} (${cpuNote(raw)}; ${raw.encodes} encodes, ${(raw.bytes / 1024 / 1024).toFixed(1)} MB, ${sharpConcurrency()} in flight)`);
    const ratioImageSet = first.ms / alone.ms;
    const ratioRaw = first.ms / raw.ms;
    line('first publish / makeImageSet alone', `${ratioImageSet.toFixed(2)}×`);
    line('first publish / raw sharp loop', `${ratioRaw.toFixed(2)}×`);
    line('images step / makeImageSet alone', `${((first.stepMs.images ?? 0) / alone.ms).toFixed(2)}×`);
    line('makeImageSet alone / raw sharp loop', `${(alone.ms / raw.ms).toFixed(2)}×`);
    line(
      'same ratios in CPU time',
      `${(first.cpuMs / alone.cpuMs).toFixed(2)}× / ${(first.cpuMs / raw.cpuMs).toFixed(2)}× / ${(alone.cpuMs / raw.cpuMs).toFixed(2)}× (publish/makeImageSet, publish/raw, makeImageSet/raw)`,
    );

    heading('c. republish, nothing changed');
    const manifestBefore = await readLiveManifest(setup.storage, setup.siteId);
    const unchanged = await timedPublish(setup, renderer, 'republish');
    printPublish(unchanged);

    heading('d. republish after one text edit (A1 mainText, jp)');
    const edit = await timed(async () => {
      const { id, position, imageUrl, buttonId } = setup!.firstPage;
      await writePage(setup!.db, setup!.site, id, 'jp', pageContentSchema.parse(pageBody('jp', position, imageUrl, buttonId, `${TEXTS.jp.main} ${position} — 改訂版`)));
    });
    line('writePage', millis(edit.ms));
    const edited = await timedPublish(setup, renderer, 'republish after edit');
    printPublish(edited);
    const manifestAfter = await readLiveManifest(setup.storage, setup.siteId);
    const changed = changedPaths(manifestBefore, manifestAfter);
    line('paths whose bytes changed', `${changed.length}: ${changed.join(', ')}`);

    heading('e. render time per page (pages step, from onProgress)');
    const perPage = (run: TimedPublish) => pagesStepMs(run) / Math.max(1, run.result.pagesRendered);
    const perPageCpu = (run: TimedPublish) => run.pagesCpuMs / Math.max(1, run.result.pagesRendered);
    line('first publish', `${millis(perPage(first))} per page (${first.result.pagesRendered} pages in ${millis(pagesStepMs(first))})`);
    line('first publish, CPU', `${millis(perPageCpu(first))} per page (${millis(first.pagesCpuMs)} CPU in the pages step)`);
    line('republish, nothing changed', `${millis(perPage(unchanged))} per page (${unchanged.result.pagesRendered} pages in ${millis(pagesStepMs(unchanged))})`);
    line('republish after edit', `${millis(perPage(edited))} per page (${edited.result.pagesRendered} pages in ${millis(pagesStepMs(edited))})`);

    heading('f. the viewer’s first load (A1, default language)');
    const live = manifestAfter ?? (await readLiveManifest(setup.storage, setup.siteId));
    const a1 = live?.files['index.html'];
    if (!live || !a1) throw new Error('the live version has no index.html');
    const object = await setup.storage.get(objectKey(a1.hash));
    if (!object) throw new Error(`object ${a1.hash} is missing`);
    const html = Buffer.from(object.body).toString('utf8');
    const weighed = await weighFirstLoad(html, new Map(renderer.clientAssets.map((asset) => [asset.key, asset.body])));
    const jsFiles = [...weighed.scripts, ...weighed.inline];
    const jsGzip = jsFiles.reduce((sum, file) => sum + file.gzip, 0);
    const jsRaw = jsFiles.reduce((sum, file) => sum + file.bytes, 0);
    const htmlGzip = gzipSize(object.body);
    line('A1 HTML', `${kb(object.body.byteLength)} raw, ${kb(htmlGzip)} gzipped`);
    const preload = /<link\b[^>]*rel=["']?preload[^>]*>/i.exec(html)?.[0];
    const firstImagePreloaded = preload !== undefined && /fetchpriority=["']?high/i.test(preload);
    line('first image preloaded with fetchpriority=high', firstImagePreloaded ? 'yes' : 'no');
    line('first-load JavaScript', `${kb(jsGzip)} gzipped (${kb(jsRaw)} raw) in ${jsFiles.length} pieces`);
    // The viewer bench weighs the files a browser fetches; this count adds the page's inline scripts (Astro's island and hydration directive).
    const fetchedGzip = weighed.scripts.reduce((sum, file) => sum + file.gzip, 0);
    line('  of which fetched files (the viewer bench’s count)', `${kb(fetchedGzip)} gzipped in ${weighed.scripts.length} files; inline ${kb(jsGzip - fetchedGzip)}`);
    for (const file of jsFiles) line(`  ${file.name}`, `${kb(file.gzip)} gz / ${kb(file.bytes)}`);
    for (const file of weighed.data) line(`  (data, not counted) ${file.name}`, `${kb(file.gzip)} gz / ${kb(file.bytes)}`);
    const cssGzip = weighed.css.reduce((sum, file) => sum + file.gzip, 0);
    line('CSS (for reference)', `${kb(cssGzip)} gzipped in ${weighed.css.length} pieces`);
    if (weighed.unresolved.length > 0) line('script URLs not resolved to dist/client', weighed.unresolved.join(', '));

    heading('g. growth: the 5 × 10 site beside a 20 × 50 site (4,000 pages, the same 50 photos)');
    const big = await timed(async () => await setUpBig(setup!));
    line('big site written (setup)', `${BIG_COLUMNS * BIG_ROWS * LANGUAGES.length} page writes, ${seconds(big.ms)}`);
    const bigFirst = await timedPublish(setup, renderer, 'big site, first publish', big.value.siteId);
    printPublish(bigFirst);
    const bigUnchanged = await timedPublish(setup, renderer, 'big site, republish', big.value.siteId);
    line('big site republish, nothing changed', `${millis(bigUnchanged.ms)} (${bigUnchanged.result.pagesRendered} rendered)`);
    const bigManifest = await readLiveManifest(setup.storage, big.value.siteId);
    const bigA1 = bigManifest?.files['index.html'];
    if (!bigManifest || !bigA1) throw new Error('the big site has no index.html');
    const versionBytes = (manifest: Manifest) => Object.values(manifest.files).reduce((sum, file) => sum + file.size, 0);
    const growth = [
      { name: `${COLUMNS} × ${ROWS} × ${LANGUAGES.length}`, run: first, manifest: manifestBefore!, a1: object.body.byteLength },
      { name: `${BIG_COLUMNS} × ${BIG_ROWS} × ${LANGUAGES.length}`, run: bigFirst, manifest: bigManifest, a1: bigA1.size },
    ].map(({ name, run, manifest, a1 }) => ({
      name,
      pages: run.result.pagesRendered,
      pagesStepMs: Math.round(pagesStepMs(run)),
      perPageMs: round(pagesStepMs(run) / Math.max(1, run.result.pagesRendered), 3),
      perPageCpuMs: round(perPageCpu(run), 3),
      bytes: versionBytes(manifest),
      a1Html: a1,
    }));
    console.log(
      `  ${'site'.padEnd(14)} ${'renders'.padStart(8)} ${'pages step'.padStart(11)} ${'per render'.padStart(11)} ${'CPU/render'.padStart(11)} ${'bytes in the version'.padStart(21)} ${'A1 HTML'.padStart(10)}`,
    );
    for (const row of growth) {
      console.log(
        `  ${row.name.padEnd(14)} ${String(row.pages).padStart(8)} ${millis(row.pagesStepMs).padStart(11)} ${millis(row.perPageMs).padStart(11)} ${millis(row.perPageCpuMs).padStart(11)} ${`${(row.bytes / 1024 / 1024).toFixed(2)} MB`.padStart(21)} ${kb(row.a1Html).padStart(10)}`,
      );
    }
    line(
      'pages × / bytes × / A1 HTML ×',
      `${(growth[1]!.pages / growth[0]!.pages).toFixed(1)} / ${(growth[1]!.bytes / growth[0]!.bytes).toFixed(1)} / ${(growth[1]!.a1Html / growth[0]!.a1Html).toFixed(2)}`,
    );

    const totalMs = now() - benchStarted;
    heading('summary');
    const rows: [string, string][] = [
      ['first publish', `${seconds(first.ms)}  (${first.result.files} files, ${first.result.written} written, ${first.result.imagesMade} derivatives)`],
      ['  images / pages / upload steps', `${seconds(first.stepMs.images ?? 0)} / ${seconds(first.stepMs.pages ?? 0)} / ${seconds(first.stepMs.upload ?? 0)}`],
      ['makeImageSet alone', `${seconds(alone.ms)}  → first publish is ${ratioImageSet.toFixed(2)}×`],
      ['raw sharp loop', `${seconds(raw.ms)}  → first publish is ${ratioRaw.toFixed(2)}×`],
      ['republish, no change', `${millis(unchanged.ms)}  (changed=${unchanged.result.changed}, written=${unchanged.result.written})`],
      ['republish after one text edit', `${millis(edited.ms)}  (written=${edited.result.written}, ${changed.length} paths changed)`],
      ['render per page', `${millis(perPage(first))}`],
      ['render per page (CPU)', `${millis(perPageCpu(first))}`],
      ['republish, no change (CPU)', `${millis(unchanged.cpuMs)}`],
      ['republish after edit (CPU)', `${millis(edited.cpuMs)}`],
      ['A1 HTML gzipped', kb(htmlGzip)],
      ['first-load JS gzipped', `${kb(jsGzip)} in ${jsFiles.length} pieces`],
      ['whole benchmark', seconds(totalMs)],
      ['load average at end (1/5/15 min)', loadAverage()],
    ];
    for (const [label, value] of rows) line(label, value);

    const results = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? null,
        totalMemGB: round(os.totalmem() / 1024 ** 3, 1),
        platform: os.platform(),
        release: os.release(),
        arch: os.arch(),
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: os.loadavg().map((value) => round(value)),
      },
      node: process.version,
      sharp: { version: sharp.versions.sharp, vips: sharp.versions.vips, threads: sharp.concurrency(), pipelinesInFlight: sharpConcurrency() },
      site: {
        columns: COLUMNS,
        rows: ROWS,
        languages: LANGUAGES,
        images: IMAGE_COUNT,
        imageSize: `${IMAGE_WIDTH}x${IMAGE_HEIGHT}`,
        sourceBytesAverage: Math.round(setup.sources.reduce((sum, bytes) => sum + bytes.byteLength, 0) / IMAGE_COUNT),
      },
      firstPublish: {
        ms: Math.round(first.ms),
        cpuMs: Math.round(first.cpuMs),
        steps: roundAll(first.stepMs),
        files: first.result.files,
        written: first.result.written,
        imagesMade: first.result.imagesMade,
        imagesReused: first.result.imagesReused,
        pagesRendered: first.result.pagesRendered,
      },
      sharpAlone: {
        makeImageSetMs: Math.round(alone.ms),
        makeImageSetCpuMs: Math.round(alone.cpuMs),
        makeImageSetDerivatives: alone.made,
        makeImageSetBytes: alone.bytes,
        rawLoopMs: Math.round(raw.ms),
        rawLoopCpuMs: Math.round(raw.cpuMs),
        rawEncodes: raw.encodes,
        rawBytes: raw.bytes,
        ratioFirstPublishToMakeImageSet: round(ratioImageSet),
        ratioFirstPublishToRawLoop: round(ratioRaw),
        ratioMakeImageSetToRawLoop: round(alone.ms / raw.ms),
        cpuRatioFirstPublishToMakeImageSet: round(first.cpuMs / alone.cpuMs),
        cpuRatioFirstPublishToRawLoop: round(first.cpuMs / raw.cpuMs),
      },
      republishUnchanged: {
        ms: Math.round(unchanged.ms),
        cpuMs: Math.round(unchanged.cpuMs),
        steps: roundAll(unchanged.stepMs),
        changed: unchanged.result.changed,
        written: unchanged.result.written,
        imagesMade: unchanged.result.imagesMade,
      },
      republishAfterTextEdit: {
        ms: Math.round(edited.ms),
        cpuMs: Math.round(edited.cpuMs),
        steps: roundAll(edited.stepMs),
        changed: edited.result.changed,
        written: edited.result.written,
        changedPaths: changed,
      },
      renderPerPageMs: { firstPublish: round(perPage(first), 3), republishUnchanged: round(perPage(unchanged), 3), republishAfterEdit: round(perPage(edited), 3) },
      renderPerPageCpuMs: { firstPublish: round(perPageCpu(first), 3) },
      firstLoad: {
        htmlBytes: object.body.byteLength,
        htmlGzipBytes: htmlGzip,
        firstImagePreloaded,
        jsGzipBytes: jsGzip,
        jsRawBytes: jsRaw,
        jsGzipKB: round(jsGzip / 1024, 1),
        fetchedJsGzipBytes: fetchedGzip,
        scripts: jsFiles,
        dataScripts: weighed.data,
        cssGzipBytes: cssGzip,
        css: weighed.css,
        unresolved: weighed.unresolved,
      },
      growth,
      bigRepublishUnchangedMs: Math.round(bigUnchanged.ms),
      totalMs: Math.round(totalMs),
    };
    await mkdir(join(RESULTS_FILE, '..'), { recursive: true });
    await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nFigures written to ${RESULTS_FILE}`);
  } finally {
    endProgress();
    setup?.db && (await closeDatabase(setup?.db));
    await rm(root, { recursive: true, force: true });
  }
}

function roundAll(values: Partial<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Math.round(value ?? 0)]));
}

// ── the sweep as other sites are added (--sweep) ─────────────────────────────

/** Sites besides the measured one, in the two runs. */
const OTHER_SITES = [10, 200];
/** Versions each other site has stored: it was published this many times, one text edit apart. */
const OTHER_SITE_VERSIONS = 3;
/** Measured publishes of the one site, each after a text edit, each ending with its sweep. */
const MEASURED_PUBLISHES = 7;

type StorageCounts = { list: number; listed: number; get: number; head: number; put: number; delete: number };
const noCounts = (): StorageCounts => ({ list: 0, listed: 0, get: 0, head: 0, put: 0, delete: 0 });

/** The storage with every call counted: what a sweep reads is a figure machines do not change. */
function countingStorage(inner: Storage): { storage: Storage; counts: StorageCounts } {
  const counts = noCounts();
  const count = <T>(kind: keyof StorageCounts, n: number, call: () => T): T => {
    counts[kind] += n;
    return call();
  };
  const storage: Storage = {
    put: (key, body, opts) => count('put', 1, () => inner.put(key, body, opts)),
    get: (key) => count('get', 1, () => inner.get(key)),
    head: (key) => count('head', 1, () => inner.head(key)),
    async *list(prefix) {
      counts.list++;
      for await (const info of inner.list(prefix)) {
        counts.listed++;
        yield info;
      }
    },
    delete: (key) => count('delete', 1, () => inner.delete(key)),
    deleteMany: (keys) => count('delete', keys.length, () => inner.deleteMany(keys)),
    publicUrl: (key) => inner.publicUrl(key),
  };
  return { storage, counts };
}

type SweepWorld = { db: Db; root: string; account: Setup['account']; renderer: Renderer; lease: ReturnType<typeof createStorageLease> };

/** A 2 × 2 site in Japanese with text-only pages, its id and its rows. */
async function textSite(world: SweepWorld, name: string): Promise<{ site: SiteRow; pages: string[] }> {
  const siteId = await createSite(world.db, world.account.id, createSiteInputSchema.parse({ name, numberHorizontal: 2, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp'] }));
  const site = await findSiteForAccount(world.db, world.account, siteId);
  const draft = await loadSiteDraft(world.db, siteId);
  return { site, pages: draft.creatives.flatMap((creative) => creative.pages.map((page) => page.id)) };
}

async function editText(world: SweepWorld, site: { site: SiteRow; pages: string[] }, text: string): Promise<void> {
  await writePage(world.db, site.site, site.pages[0]!, 'jp', pageContentSchema.parse({ detail: { mainText: text } }));
}

/** One publish as the API runs it (publish-and-sweep.ts); its sweep is the time after publishSite's own. */
async function publishSwept(world: SweepWorld, storage: Storage, siteId: string): Promise<{ totalMs: number; publishMs: number; sweepMs: number; pruned: number }> {
  const started = now();
  const { result, swept } = await publishAndSweep(await loadSiteDraft(world.db, siteId), { storage, renderer: world.renderer, lease: world.lease });
  const totalMs = now() - started;
  return { totalMs, publishMs: result.durationMs, sweepMs: totalMs - result.durationMs, pruned: swept?.versionsPruned ?? 0 };
}

/**
 * The sweep after a publish, with 10 and then 200 other published sites in storage (each with a few
 * versions). The measured site has more versions than retention keeps, so each of its publishes
 * prunes one, as a busy site's do. Each figure is the median of several publishes after a text
 * edit; the first runs on a fresh storage object (nothing cached in this process, as on a node
 * just started), the others warm. Storage calls are counted: a sweep that lists or reads every
 * site grows with the other sites whatever the machine.
 */
async function sweepMain(): Promise<void> {
  console.log('Swipegrid publish benchmark: the sweep after a publish, as other sites are added');
  line('machine', `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${os.platform()} ${os.release()}, node ${process.version}`);
  line('load average at start (1/5/15 min)', loadAverage());
  await ensureBuilt({ log: (text) => console.error(`  ${text}`) });
  const root = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-sweep-'));
  const db = await openDatabase(join(root, 'bench.sqlite'));
  try {
    const operator = await ensureFirstOperator(db, { email: 'bench@swipegrid.local', password: 'Bench-password-1234!' });
    const world: SweepWorld = { db, root, account: { id: operator.id!, tenantId: operator.id!, scopeRootId: null }, renderer: await loadRenderer(), lease: createStorageLease(db) };
    const storageRoot = join(root, 'storage');
    const setupStorage = createStorage({ driver: 'fs', root: storageRoot, publicBaseUrl: '/' });
    const measured = await textSite(world, 'Measured');
    for (let version = 1; version <= 12; version++) {
      await editText(world, measured, `version ${version}`);
      await publishSwept(world, setupStorage, measured.site.id);
    }
    let others = 0;
    const runs: Record<string, unknown>[] = [];
    for (const target of OTHER_SITES) {
      const setupStarted = now();
      for (; others < target; others++) {
        const other = await textSite(world, `Other ${others}`);
        for (let version = 1; version <= OTHER_SITE_VERSIONS; version++) {
          await editText(world, other, `other ${others} version ${version}`);
          await publishSwept(world, setupStorage, other.site.id);
        }
        progress(`other sites published ${others + 1}/${target}`);
      }
      endProgress();
      line(`${target} other sites published (setup)`, seconds(now() - setupStarted));
      // A storage object of its own: the caches of this process are per storage, so the first publish runs cold.
      const { storage, counts } = countingStorage(createStorage({ driver: 'fs', root: storageRoot, publicBaseUrl: '/' }));
      const publishes: { totalMs: number; publishMs: number; sweepMs: number; pruned: number; counts: StorageCounts }[] = [];
      for (let n = 0; n < MEASURED_PUBLISHES; n++) {
        await editText(world, measured, `measured ${target} ${n}`);
        const before = { ...counts };
        const run = await publishSwept(world, storage, measured.site.id);
        const used = Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, value - before[key as keyof StorageCounts]])) as StorageCounts;
        publishes.push({ ...run, counts: used });
      }
      const [cold, ...warm] = publishes;
      const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const summary = {
        otherSites: target,
        storedManifests: target * OTHER_SITE_VERSIONS + 11,
        coldSweepMs: round(cold!.sweepMs, 1),
        coldCounts: cold!.counts,
        warmSweepMs: round(medianOf(warm.map((run) => run.sweepMs)), 1),
        warmPublishMs: round(medianOf(warm.map((run) => run.publishMs)), 1),
        warmCounts: warm.at(-1)!.counts,
        versionsPrunedEach: warm.at(-1)!.pruned,
      };
      runs.push(summary);
      line(`${target} other sites: sweep, cold`, `${millis(summary.coldSweepMs)}  (${JSON.stringify(summary.coldCounts)})`);
      line(`${target} other sites: sweep, warm (median)`, `${millis(summary.warmSweepMs)}  (${JSON.stringify(summary.warmCounts)})`);
      line(`${target} other sites: the publish itself, warm`, millis(summary.warmPublishMs));
    }
    const [small, large] = runs as { warmSweepMs: number; coldSweepMs: number }[];
    line('warm sweep, 200 sites / 10 sites', `${(large!.warmSweepMs / small!.warmSweepMs).toFixed(2)}×`);
    line('cold sweep, 200 sites / 10 sites', `${(large!.coldSweepMs / small!.coldSweepMs).toFixed(2)}×`);
    const results = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadAverageAtEnd: os.loadavg().map((value) => round(value)) }, runs };
    await mkdir(join(SWEEP_RESULTS_FILE, '..'), { recursive: true });
    await writeFile(SWEEP_RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nFigures written to ${SWEEP_RESULTS_FILE}`);
  } finally {
    endProgress();
    await closeDatabase(db);
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv.includes('--sweep')) await sweepMain();
else await main();
