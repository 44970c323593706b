/**
 * Owner-data benchmark (`npm run bench -- owner-data`): a site with ENTRIES custom-form entries
 * in a temporary database, read through the admin app in process. It measures the CSV export
 * (time, bytes, the heap's growth while it streams), a list page at the start and at the end of
 * the paging, a search, and how long a list request waits while an export is being read slowly
 * (the one connection must stay free between chunks). It prints figures and never asserts a
 * time: machines differ. Figures also go to bench/results/owner-data.json.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { formEntries } from '../api/db/schema-visitor.ts';
import { createTestContext } from '../api/test-support.ts';

const ENTRIES = 100_000;

// The heap a stream keeps alive, not the garbage it leaves: collected before each sample.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function line(label: string, value: string) {
  console.log(`  ${label.padEnd(46)}${value}`);
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: Math.round((performance.now() - start) * 10) / 10, value };
}

async function main() {
  const ctx = await createTestContext();
  try {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const start = Date.parse('2026-01-01T00:00:00Z');
    await ctx.db.transaction(async (tx) => {
      for (let index = 0; index < ENTRIES; index++)
        await tx
          .insert(formEntries)
          .values({
            id: randomUUID(),
            siteId: site.id,
            formType: 'HOMEPAGE_SETTING',
            lang: 'jp',
            data: { email: `visitor-${index}@example.com`, companyName: `株式会社サンプル${index}`, note: 'カタログ希望, 資料請求' },
            createdAt: new Date(start + index * 1000),
          })
          .run();
    });
    console.log(`${ENTRIES} custom-form entries of one site`);

    const readAll = async (sample: boolean) => {
      const response = await ctx.request(`/api/site-form/${site.id}/export-csv`);
      const reader = response.body!.getReader();
      let bytes = 0;
      let reads = 0;
      let peak = 0;
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        bytes += part.value.byteLength;
        if (sample && ++reads % 20 === 0) {
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed);
        }
      }
      return { bytes, peak };
    };
    const exported = await timed(async () => (await readAll(false)).bytes);
    // A second export, collecting every 20 chunks: the heap it keeps alive, apart from the time.
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const heapPeak = (await readAll(true)).peak;
    line('CSV export, whole file', `${exported.ms} ms, ${(exported.value / 1024 / 1024).toFixed(1)} MB`);
    line('CSV export, live heap growth (after gc, peak)', `${((heapPeak - heapBefore) / 1024 / 1024).toFixed(1)} MB`);

    const first = await timed(() => ctx.request(`/api/site-form/${site.id}?page=1&pageSize=20`).then((response) => response.arrayBuffer()));
    const last = await timed(() => ctx.request(`/api/site-form/${site.id}?page=${ENTRIES / 20}&pageSize=20`).then((response) => response.arrayBuffer()));
    const search = await timed(() => ctx.request(`/api/site-form/${site.id}?q=${encodeURIComponent('サンプル4242')}`).then((response) => response.arrayBuffer()));
    const day = await timed(() => ctx.request(`/api/site-form/${site.id}?from=2026-01-01&to=2026-01-01`).then((response) => response.arrayBuffer()));
    line('list, first page of 20', `${first.ms} ms`);
    line('list, last page of 20 (offset)', `${last.ms} ms`);
    line('list, search in every value', `${search.ms} ms`);
    line('list, one day', `${day.ms} ms`);

    // A slow download: one chunk read, then another owner's list request, then the rest.
    const slow = await ctx.request(`/api/site-form/${site.id}/export-csv`);
    const reader = slow.body!.getReader();
    await reader.read();
    await reader.read();
    const during = await timed(() => ctx.request(`/api/site-form/${site.id}?page=1&pageSize=20`).then((response) => response.status));
    await reader.cancel();
    line('list while an export is half read', `${during.ms} ms, status ${during.value}`);

    await writeFile(
      new URL('./results/owner-data.json', import.meta.url),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { cores: os.cpus().length, node: process.version },
          entries: ENTRIES,
          export: { ms: exported.ms, bytes: exported.value, heapGrowthBytes: heapPeak - heapBefore },
          listMs: { firstPage: first.ms, lastPage: last.ms, search: search.ms, oneDay: day.ms, duringExport: during.ms },
          duringExportStatus: during.value,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await ctx.cleanup();
  }
}

await main();
