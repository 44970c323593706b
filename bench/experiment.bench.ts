import { sqlGet } from '../api/db/test-sql.ts';
/**
 * `npm run bench -- experiment [--events N]`: what experiment results cost now that they count
 * folded exposures (api/experiments/fold-exposures.ts) instead of scanning raw events. Prints the
 * fold's rate with exposures, the share of the fold the exposures take (the same batches folded
 * into `experiment_exposures` alone), the table's rows, and the p50/p95 of the results call.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { EVENT_COLUMNS, type RawEvent } from '../api/analytics/event-facts.ts';
import { runRollup } from '../api/analytics/run-rollup.ts';
import { insertSyntheticEvents, type SyntheticSite, seededRandom, syntheticVisit } from '../api/analytics/synthetic-events.ts';
import { exposureCounts } from '../api/experiments/exposure-counts.ts';
import { foldExposures } from '../api/experiments/fold-exposures.ts';
import { readExperimentResults, saveExperiment } from '../api/experiments/site-experiment.ts';
import { experiments } from '../api/db/schema-experiments.ts';
import { createTestContext } from '../api/test-support.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '300000' } }, allowPositionals: true });
const EVENTS = Number(values.events);
const NOW = new Date('2026-11-26T01:00:00Z');
const DAY = 86_400_000;
const CHUNK = 50_000;
const BATCH = 5_000;
const RUNS = 20;

function line(label: string, value: string) {
  console.log(`  ${label.padEnd(52)}${value}`);
}

async function main() {
  const ctx = await createTestContext({ clock: () => NOW });
  const results: Record<string, unknown> = { events: EVENTS, cpus: os.cpus().length, load: os.loadavg()[0] };
  try {
    const created = await ctx.createSite({ name: 'Bench site', numberHorizontal: 5, numberVertical: 10 });
    const site: SyntheticSite = {
      siteId: created.id,
      columns: 5,
      rows: 10,
      visitors: Math.max(100, Math.round(EVENTS / 25)),
      start: NOW.getTime() - 90 * DAY,
      spanMs: 90 * DAY - 3_600_000,
      langs: ['jp'],
      devices: ['mobile', 'desktop'],
    };
    await saveExperiment(ctx.db, site.siteId, {
      name: 'Bench',
      coverage: 1,
      arms: [
        { arm: 'control', weight: 0.5 },
        { arm: 'B', weight: 0.5 },
      ],
    });
    // Started when the events begin, so every event is the experiment's.
    await ctx.db
      .update(experiments)
      .set({ status: 'running', startedAt: new Date(site.start) })
      .where(eq(experiments.siteId, site.siteId))
      .run();
    console.log(`  ${EVENTS.toLocaleString('en')} events over 90 days, ${site.visitors.toLocaleString('en')} visitors, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`);

    const random = seededRandom(13);
    let written = 0;
    let visit = 0;
    while (written < EVENTS) {
      const chunk = [];
      while (chunk.length < CHUNK && written + chunk.length < EVENTS) chunk.push(...syntheticVisit(random, site, visit++));
      const rows = chunk.slice(0, EVENTS - written);
      await insertSyntheticEvents(ctx.db, rows);
      written += rows.length;
    }

    let started = performance.now();
    await runRollup(ctx.db, { batch: BATCH });
    const foldSeconds = (performance.now() - started) / 1000;
    const foldRate = Math.round(EVENTS / foldSeconds);
    results.foldRate = foldRate;
    line('fold with exposures', `${foldRate.toLocaleString('en')} events/s`);

    // The exposures' own part: the same batches again into experiment_exposures alone (a refold leaves it unchanged).
    // The camelCase aliases quoted, or PostgreSQL would fold them to lower case.
    const select = sql.raw(`SELECT ${EVENT_COLUMNS.replace(/ AS (\w+)/g, ' AS "$1"')} FROM visitor_events`);
    started = performance.now();
    for (let last = 0; ; ) {
      const rows = await ctx.db.all<RawEvent>(sql`${select} WHERE id > ${last} ORDER BY id LIMIT ${BATCH}`);
      if (rows.length === 0) break;
      await ctx.db.transaction(async (tx) => await foldExposures(tx, rows), { behavior: 'immediate' });
      last = rows.at(-1)!.id;
    }
    const exposureSeconds = (performance.now() - started) / 1000;
    results.exposureShare = Math.round((100 * exposureSeconds) / foldSeconds);
    line('exposures alone', `${Math.round(EVENTS / exposureSeconds).toLocaleString('en')} events/s (${results.exposureShare} % of the fold)`);
    const exposureRows = (await sqlGet<{ n: number }>(ctx.db, 'SELECT count(*) AS n FROM experiment_exposures'))!.n;
    results.exposureRows = exposureRows;
    line('experiment_exposures rows', exposureRows.toLocaleString('en'));

    const counts = exposureCounts(ctx.db);
    const times: number[] = [];
    await readExperimentResults(ctx.db, site.siteId, counts);
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await readExperimentResults(ctx.db, site.siteId, counts);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    results.results = { p50: round(times[Math.floor(RUNS / 2)]!), p95: round(times[Math.floor(RUNS * 0.95)]!) };
    line('results call p50 / p95', `${round(times[Math.floor(RUNS / 2)]!)} / ${round(times[Math.floor(RUNS * 0.95)]!)} ms`);
    await writeFile(new URL('./results/experiment.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await ctx.cleanup();
  }
}

await main();
