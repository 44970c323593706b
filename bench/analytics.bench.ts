import { sqlGet } from '../api/db/test-sql.ts';
/**
 * Analytics benchmark (`npm run bench -- analytics [--events N]`): N raw events (10 million by
 * default) of visits to a 5 × 10 site over 13 months, made in landing order as a live site sends
 * them, written straight into `visitor_events` in transactions of 100,000 rows (the HTTP ingest
 * has its own figure in `bench -- visitor`), then folded by the real rollup (`runRollup`, the
 * job's code). It prints how fast events are made, written and folded, the rollup lag of the
 * server's job at its cadence, and p50/p95 of every report call through the admin app (auth,
 * contract parsing, JSON) over 30 days and a year (the most the date rules allow), and of the
 * report functions over 13 months. Never asserts a time; figures go to bench/results/analytics.json.
 * `--keep DIR` keeps the database in DIR, and a later run with the same DIR reads its events again
 * instead of making them (the making and folding figures are then those of the run that made them).
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { CountName } from '../api/analytics/count-columns.ts';
import { exportReportCsv } from '../api/analytics/export-report-csv.ts';
import { getLpChart } from '../api/analytics/get-lp-chart.ts';
import { getLpSummary } from '../api/analytics/get-lp-summary.ts';
import { getPagesReport } from '../api/analytics/get-pages-report.ts';
import { getTapBins } from '../api/analytics/get-tap-bins.ts';
import { rangeOf } from '../api/analytics/report-range.ts';
import { ROLLUP_EVERY_MS, startRollupJob } from '../api/analytics/rollup-job.ts';
import { LIVE, runRollup } from '../api/analytics/run-rollup.ts';
import { insertSyntheticEvents, type SyntheticEvent, type SyntheticSite, seededRandom, syntheticVisit } from '../api/analytics/synthetic-events.ts';
import { createTestContext } from '../api/test-support.ts';
import { exportQuerySchema } from '../model/analytics-report.ts';
import { addDays, addYears, localDate } from '../model/zoned-calendar.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '10000000' }, keep: { type: 'string' } }, allowPositionals: true });
const EVENTS = Number(values.events);
const NOW = new Date('2026-11-26T01:00:00Z');
/** A site's conversions unless its settings say otherwise: contact, form and registration. */
const DEFAULT_COUNTS: readonly CountName[] = ['contacts', 'formSubmissions', 'registrations'];
const DAY = 86_400_000;
const CHUNK = 100_000;
const RUNS = 40;
const BURSTS = 3;

type Timing = { p50: number; p95: number; cpuP50: number };

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

function line(label: string, value: string) {
  console.log(`  ${label.padEnd(44)}${value}`);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Wall p50/p95, and the median CPU time of a call: on a shared machine the wall clock mostly measures the neighbours. */
async function timeCalls(call: () => Promise<unknown> | unknown): Promise<Timing> {
  await call();
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await call();
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - start);
    cpus.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), cpuP50: round(percentile(cpus, 50)) };
}

/** Events a visit has on average, from a pilot run of the generator: what spaces the landings so the N events span the 13 months. */
function eventsPerVisit(site: SyntheticSite): number {
  const random = seededRandom(7);
  let events = 0;
  for (let i = 0; i < 20_000; i++) events += syntheticVisit(random, site, i).length;
  return events / 20_000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const ctx = await createTestContext({ clock: () => NOW, ...(values.keep ? { keepDir: values.keep } : {}) });
  const results: Record<string, unknown> = { events: EVENTS, cpus: os.cpus().length, loadAtStart: load() };
  try {
    const kept = (await sqlGet(ctx.db, "SELECT id FROM sites WHERE name = 'Bench site'")) as { id: string } | undefined;
    const created = kept ?? (await ctx.createSite({ name: 'Bench site', numberHorizontal: 5, numberVertical: 10, defaultLanguage: 'jp', languages: ['jp', 'en'] }));
    const site: SyntheticSite = {
      siteId: created.id,
      columns: 5,
      rows: 10,
      visitors: Math.max(100, Math.round(EVENTS / 25)),
      start: NOW.getTime() - 395 * DAY,
      spanMs: 395 * DAY - 3_600_000,
      langs: ['jp', 'en'],
      devices: ['mobile', 'mobile', 'desktop', 'tablet'],
    };
    console.log(`  ${EVENTS.toLocaleString('en')} events, 5 × 10 site, 13 months, ${site.visitors.toLocaleString('en')} visitors, load ${load()} on ${os.cpus().length} CPUs`);

    const random = seededRandom(13);
    // A kept database's visits are numbered from 0: the bursts below number theirs past them.
    let visit = kept ? 1_000_000_000 : 0;
    const madeFile = values.keep ? path.join(values.keep, 'made.json') : undefined;
    if (kept && madeFile) {
      // The figures of the run that made and folded them.
      Object.assign(results, JSON.parse(await readFile(madeFile, 'utf8')), { keptFrom: values.keep });
      line('events', `read again from ${values.keep}: ${JSON.stringify(results)}`);
    } else {
      // Landings in time order, a visit's events after its landing: the order a live site's events arrive in, so the fold
      // touches the rows of a few hours at a time as it does in production, not every hour of the year in every batch.
      const gap = site.spanMs / (EVENTS / eventsPerVisit(site));
      let written = 0;
      let makeMs = 0;
      let insertMs = 0;
      let pending: SyntheticEvent[] = [];
      while (written < EVENTS) {
        const made = performance.now();
        while (pending.length < CHUNK && written + pending.length < EVENTS) {
          for (const event of syntheticVisit(random, { ...site, start: site.start + visit * gap, spanMs: gap }, visit)) pending.push(event);
          visit++;
        }
        const rows = pending.slice(0, Math.min(CHUNK, EVENTS - written));
        pending = pending.slice(rows.length);
        makeMs += performance.now() - made;
        const start = performance.now();
        await insertSyntheticEvents(ctx.db, rows);
        insertMs += performance.now() - start;
        written += rows.length;
        if (written % 1_000_000 < CHUNK) console.log(`  … ${written.toLocaleString('en')} written, load ${load()}`);
      }
      const makeRate = Math.round(written / (makeMs / 1000));
      const insertRate = Math.round(written / (insertMs / 1000));
      line('events made (JS, in memory)', `${makeRate.toLocaleString('en')} events/s`);
      line('raw insert (SQL, 100k rows a transaction)', `${insertRate.toLocaleString('en')} events/s (${(insertMs / 1000).toFixed(0)} s), load ${load()}`);

      // The backlog, folded as the job folds it (runRollup), in bigger batches; CPU time beside wall time.
      const rollStart = performance.now();
      const rollCpu = process.cpuUsage();
      const folded = (await runRollup(ctx.db, { batch: 20_000 })).events;
      const rollMs = performance.now() - rollStart;
      const cpu = process.cpuUsage(rollCpu);
      const rollCpuMs = (cpu.user + cpu.system) / 1000;
      const rollRate = Math.round(folded / (rollMs / 1000));
      const rollCpuRate = Math.round(folded / (rollCpuMs / 1000));
      line('fold of the backlog', `${(rollMs / 1000).toFixed(1)} s, ${rollRate.toLocaleString('en')} events/s (${rollCpuRate.toLocaleString('en')}/s of CPU time), load ${load()}`);
      const made = { makeRate, insertRate, foldSeconds: Math.round(rollMs / 100) / 10, foldRate: rollRate, foldCpuRate: rollCpuRate, loadAfterFold: load() };
      Object.assign(results, made);
      if (madeFile) await writeFile(madeFile, JSON.stringify(made));
    }

    // Lag: the server's job at its cadence; bursts as busy as a minute of a popular site (10,000 events), each
    // timed from its commit to the watermark passing its last event.
    const job = startRollupJob(ctx.db, { everyMs: ROLLUP_EVERY_MS });
    const lags: number[] = [];
    for (let b = 0; b < BURSTS; b++) {
      const burst = Array.from({ length: 2_000 }, () => syntheticVisit(random, { ...site, start: NOW.getTime() - 60_000, spanMs: 60_000 }, visit++))
        .flat()
        .slice(0, 10_000);
      await sleep(Math.round(random() * ROLLUP_EVERY_MS));
      await insertSyntheticEvents(ctx.db, burst);
      const inserted = performance.now();
      const target = (await ctx.db.get<{ id: number }>(sql`SELECT max(id) AS id FROM visitor_events`))!.id;
      while (((await ctx.db.get<{ id: number } | undefined>(sql`SELECT last_event_id AS id FROM analytics_rollup_state WHERE name = ${LIVE}`))?.id ?? 0) < target) await sleep(20);
      lags.push(Math.round(performance.now() - inserted));
    }
    job.stop();
    line(`rollup lag, ${BURSTS} bursts of 10,000 (job every ${ROLLUP_EVERY_MS / 1000} s)`, `${lags.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}, load ${load()}`);
    const counts = await ctx.db.get(
      sql`SELECT (SELECT count(*) FROM analytics_cell_rollups) AS cells, (SELECT count(*) FROM analytics_site_rollups) AS sites, (SELECT count(*) FROM analytics_edges) AS edges,
              (SELECT count(*) FROM analytics_taps) AS taps, (SELECT count(*) FROM analytics_visitor_sketches) AS sketches`,
    );
    line('rollup rows', JSON.stringify(counts));
    Object.assign(results, { lagMs: lags, rows: counts });

    // Report calls through the admin app, as the console makes them.
    const today = localDate('Asia/Tokyo', NOW.getTime());
    const ranges = { '30 days': `from=${addDays(today, -29)}&to=${today}`, '1 year': `from=${addYears(today, -1)}&to=${today}` };
    const calls = {
      lp: 'lp?',
      'lp/chart day': 'lp/chart?unit=day&',
      'lp/chart month': 'lp/chart?unit=month&',
      pages: 'pages?',
      ranking: 'ranking?',
      taps: 'taps?cell=C5&',
      'exports chart': 'exports?report=chart&unit=day&',
      'exports pages': 'exports?report=pages&',
      'lp filtered': 'lp?device=mobile&source=search&',
      'pages filtered': 'pages?device=mobile&lang=en&',
    };
    const latencies: Record<string, Record<string, Timing>> = {};
    for (const [rangeName, range] of Object.entries(ranges)) {
      latencies[rangeName] = {};
      for (const [name, path] of Object.entries(calls)) {
        const timing = await timeCalls(async () => {
          const response = await ctx.request(`/api/analysis/site/${created.id}/${path}${range}`);
          if (response.status !== 200) throw new Error(`${path}${range} answered ${response.status}: ${await response.text()}`);
          await response.arrayBuffer();
        });
        latencies[rangeName]![name] = timing;
        line(`${name}, ${rangeName}`, `p50 ${timing.p50} ms, p95 ${timing.p95} ms (CPU p50 ${timing.cpuP50} ms), load ${load()}`);
      }
    }
    // 13 months is past the date rules' year: the report functions themselves, without HTTP.
    const thirteen = rangeOf(localDate('Asia/Tokyo', site.start), today, 'Asia/Tokyo');
    const scope = { id: created.id, conversionCounts: DEFAULT_COUNTS };
    const functions: Record<string, () => unknown> = {
      lp: async () => await getLpSummary(ctx.db, scope, thirteen, {}),
      'lp/chart day': async () => await getLpChart(ctx.db, scope, thirteen, 'day', {}),
      'lp/chart month': async () => await getLpChart(ctx.db, scope, thirteen, 'month', {}),
      pages: async () => await getPagesReport(ctx.db, scope, thirteen, {}),
      taps: async () => await getTapBins(ctx.db, scope, 'C5', thirteen, {}),
      'exports chart': async () => new Response(await exportReportCsv(ctx.db, scope, thirteen, exportQuerySchema.parse({ report: 'chart', unit: 'day' }), {})).arrayBuffer(),
    };
    latencies['13 months (functions)'] = {};
    for (const [name, call] of Object.entries(functions)) {
      const timing = await timeCalls(call);
      latencies['13 months (functions)']![name] = timing;
      line(`${name}, 13 months (function)`, `p50 ${timing.p50} ms, p95 ${timing.p95} ms (CPU p50 ${timing.cpuP50} ms), load ${load()}`);
    }
    results.latencies = latencies;
    results.loadAtEnd = load();
    await writeFile(new URL('./results/analytics.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await ctx.cleanup();
  }
}

await main();
