import { closeDatabase } from '../api/db/open-database.ts';
/**
 * Export benchmark (`npm run bench -- export`): a 5 × 10 site in 4 languages (10 distinct
 * 1200 × 1800 photos, each used by a row of five pages) is published, then exported as a ZIP,
 * into a folder, into the folder again after one text edit, and once more unchanged.
 *
 * It prints figures and never asserts a time; the peak growth of the resident set while the ZIP
 * is made is printed beside its size. Figures also go to bench/results/export.json.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { openDatabase } from '../api/db/open-database.ts';
import { ensureFirstOperator } from '../api/identity/ensure-first-operator.ts';
import { createSite } from '../api/sites/create-site.ts';
import { findSiteForAccount } from '../api/sites/find-site.ts';
import { loadSiteDraft } from '../api/sites/load-site-draft.ts';
import { storeUploadedBytes } from '../api/sites/store-upload.ts';
import { writePage } from '../api/sites/write-page.ts';
import type { Language } from '../model/language.ts';
import { pageContentSchema } from '../model/page.ts';
import { createSiteInputSchema } from '../model/site-input.ts';
import { dirTarget, syncTree } from '../publisher/export-targets.ts';
import { exportTree } from '../publisher/export-tree.ts';
import { zipTree } from '../publisher/export-zip.ts';
import { publishSite } from '../publisher/publish.ts';
import { loadRenderer } from '../publisher/renderer.ts';
import { ensureBuilt } from '../scripts/build-template.ts';
import { createStorage } from '../storage/index.ts';

const COLUMNS = 5;
const ROWS = 10;
const LANGUAGES: readonly Language[] = ['jp', 'en', 'cn', 'kr'];
const RESULTS_FILE = fileURLToPath(new URL('./results/export.json', import.meta.url));

const now = () => performance.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(44)} ${value}`);
}

async function photo(row: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${row * 36},70%,40%)"/><stop offset="1" stop-color="hsl(${row * 36 + 90},70%,70%)"/></linearGradient></defs><rect width="1200" height="1800" fill="url(#g)"/><circle cx="${300 + row * 60}" cy="700" r="${200 + row * 20}" fill="#fff" fill-opacity="0.2"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
}

/** The peak resident set while `work` runs, sampled every 5 ms, above what it was before. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ value: T; peak: number; ms: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = now();
  try {
    const value = await work();
    return { value, peak: Math.max(peak, process.memoryUsage().rss) - before, ms: now() - started };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  await ensureBuilt();
  const root = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-export-'));
  try {
    const db = await openDatabase(join(root, 'bench.sqlite'));
    const storage = createStorage({ driver: 'fs', root: join(root, 'storage'), publicBaseUrl: '/' });
    const operator = await ensureFirstOperator(db, { email: 'bench@swipegrid.local', password: 'Bench-password-1234!' });
    const account = { id: operator.id!, tenantId: operator.id!, scopeRootId: null };
    const siteId = await createSite(
      db,
      account.id,
      createSiteInputSchema.parse({ name: 'Export bench', numberHorizontal: COLUMNS, numberVertical: ROWS, defaultLanguage: 'jp', languages: [...LANGUAGES] }),
    );
    const site = await findSiteForAccount(db, account, siteId);
    const uploads = [];
    for (let row = 1; row <= ROWS; row++) uploads.push(await storeUploadedBytes(db, storage, { id: siteId, ownerId: account.id }, { name: `row-${row}.jpg`, bytes: await photo(row) }));
    const draft = await loadSiteDraft(db, siteId);
    for (const creative of draft.creatives)
      for (const page of creative.pages)
        for (const lang of LANGUAGES)
          await writePage(db, site, page.id, lang, pageContentSchema.parse({ detail: { imageUrl: uploads[page.row - 1]!.url, mainText: `${lang} ${creative.columnIndex}-${page.row}` } }));
    const renderer = await loadRenderer();
    const published = await publishSite(await loadSiteDraft(db, siteId), { storage, renderer });
    console.log(`\n── a ${COLUMNS} × ${ROWS} site in ${LANGUAGES.length} languages, ${published.files} files in its version`);

    const tree = await peakGrowth(async () => (await exportTree(storage, siteId))!);
    line('tree walk (reads every page for its media)', `${ms(tree.ms)}, ${tree.value.entries.length} entries`);

    let zipBytes = 0;
    const counter = new Writable({
      write(chunk: Buffer, _encoding, done) {
        zipBytes += chunk.byteLength;
        done();
      },
    });
    const zip = await peakGrowth(() => pipeline(zipTree(tree.value), counter));
    line('ZIP streamed', `${ms(zip.ms)}, ${mb(zipBytes)}, peak memory growth ${mb(zip.peak)}`);

    const folder = join(root, 'tree');
    const first = await peakGrowth(() => syncTree(tree.value, dirTarget(folder)));
    line('folder, first export', `${ms(first.ms)}, ${first.value.written} written`);

    const a1 = draft.creatives[0]!.pages[0]!;
    await writePage(db, site, a1.id, 'en', pageContentSchema.parse({ detail: { imageUrl: uploads[0]!.url, mainText: 'en A1, edited' } }));
    await publishSite(await loadSiteDraft(db, siteId), { storage, renderer });
    const edited = await peakGrowth(async () => syncTree((await exportTree(storage, siteId))!, dirTarget(folder)));
    line('folder, after one text edit', `${ms(edited.ms)}, ${edited.value.written} written, ${edited.value.unchanged} unchanged`);
    const unchanged = await peakGrowth(async () => syncTree((await exportTree(storage, siteId))!, dirTarget(folder)));
    line('folder, nothing changed', `${ms(unchanged.ms)}, ${unchanged.value.written} written`);

    await writeFile(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          site: { columns: COLUMNS, rows: ROWS, languages: LANGUAGES.length, versionFiles: published.files, entries: tree.value.entries.length },
          treeWalkMs: Math.round(tree.ms),
          zip: { ms: Math.round(zip.ms), bytes: zipBytes, peakRssGrowthBytes: zip.peak },
          folder: { firstMs: Math.round(first.ms), firstWritten: first.value.written, editMs: Math.round(edited.ms), editWritten: edited.value.written, unchangedMs: Math.round(unchanged.ms) },
          loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
        },
        null,
        2,
      )}\n`,
    );
    await closeDatabase(db);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
