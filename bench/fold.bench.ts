/**
 * The analytics fold on both databases (`npm run bench -- fold [--events N]`). On SQLite (a file)
 * and on Debian's PostgreSQL (a throwaway server): N synthetic events (100,000 by default) written
 * as a backlog and folded by `runRollup` at the job's batch size (events/s); then N more written by
 * two writers (each its own connection, 500 events a transaction through the event writer's own
 * insert, as its group commit makes them) while two folders (each its own connection, as two nodes' jobs) fold beside
 * them: events/s written, how long the folders take to catch up after the last commit, and a check
 * that every landing was counted exactly once. Never asserts a time; figures go to
 * bench/results/fold.json.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { runRollup } from '../api/analytics/run-rollup.ts';
import { insertSyntheticEvents, type SyntheticEvent, type SyntheticSite, seededRandom, syntheticVisit } from '../api/analytics/synthetic-events.ts';
import { closeDatabase, type Db, openDatabase } from '../api/db/open-database.ts';
import { startPostgres } from '../api/db/pg/postgres-server.ts';
import { bindEventRows, insertEventBatch } from '../api/visitor/event-insert.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '100000' } }, allowPositionals: true });
const EVENTS = Number(values.events);
const BACKLOG_CHUNK = 10_000;
const WRITER_BATCH = 500;
const DAY = 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg()[0]!.toFixed(1);
const line = (label: string, value: string) => console.log(`  ${label.padEnd(48)}${value}`);

/** Whole visits of `siteId` until they hold `count` events: a visit's events stay in order in one writer. */
function visitsOf(siteId: string, seed: number, count: number): SyntheticEvent[][] {
  const site: SyntheticSite = {
    siteId,
    columns: 5,
    rows: 10,
    visitors: Math.max(100, Math.round(count / 25)),
    start: Date.parse('2026-10-01T00:00:00Z'),
    spanMs: 30 * DAY,
    langs: ['jp', 'en'],
    devices: ['mobile', 'desktop'],
  };
  const random = seededRandom(seed);
  const visits: SyntheticEvent[][] = [];
  let events = 0;
  for (let i = 0; events < count; i++) {
    const visit = syntheticVisit(random, site, i);
    visits.push(visit);
    events += visit.length;
  }
  return visits;
}

/** One transaction of the visitor API's event writer (api/event-writer.worker.ts). */
async function writeAsTheEventWriter(db: Db, events: readonly SyntheticEvent[]): Promise<void> {
  const values: unknown[] = [];
  bindEventRows(
    values,
    events.map(({ at, ...event }) => ({ ...event, occurredAt: new Date(at), receivedAt: new Date(at) })),
  );
  await insertEventBatch(db, values);
}

async function landingsCounted(db: Db, siteId: string): Promise<number> {
  const row = await db.get<{ n: number | null }>(sql`SELECT sum(landings) AS n FROM analytics_site_rollups WHERE site_id = ${siteId} AND grain = 'H'`);
  return Number(row?.n ?? 0);
}

type Figures = { backlogInsertRate: number; backlogFoldRate: number; ingestRate: number; catchUpMs: number; concurrentEvents: number; landingsExact: boolean; concurrentError?: string };

/** Both measures on the database that `open` opens: `open()` gives a connection of its own each time. */
async function measure(name: string, open: () => Promise<Db>): Promise<Figures> {
  const main = await open();
  try {
    const backlog = visitsOf('backlog', 1, EVENTS).flat();
    const writing = performance.now();
    for (let at = 0; at < backlog.length; at += BACKLOG_CHUNK) await insertSyntheticEvents(main, backlog.slice(at, at + BACKLOG_CHUNK));
    const backlogInsertRate = Math.round(backlog.length / ((performance.now() - writing) / 1000));
    line(`${name}: backlog written, ${BACKLOG_CHUNK.toLocaleString('en')} a transaction`, `${backlogInsertRate.toLocaleString('en')} events/s (load ${load()})`);
    const started = performance.now();
    const { events: folded } = await runRollup(main);
    const backlogFoldRate = Math.round(folded / ((performance.now() - started) / 1000));
    line(`${name}: fold of a backlog of ${folded.toLocaleString('en')}`, `${backlogFoldRate.toLocaleString('en')} events/s (load ${load()})`);

    const visits = visitsOf('concurrent', 2, EVENTS);
    const landings = visits.flat().filter((event) => event.kind === 'landing').length;
    const connections = await Promise.all([open(), open(), open(), open()]);
    const [writerA, writerB, folderA, folderB] = connections as [Db, Db, Db, Db];
    try {
      let writing = true;
      const write = async (db: Db, mine: SyntheticEvent[][]) => {
        let batch: SyntheticEvent[] = [];
        for (const visit of mine) {
          batch.push(...visit);
          if (batch.length >= WRITER_BATCH) {
            await writeAsTheEventWriter(db, batch);
            batch = [];
          }
        }
        if (batch.length > 0) await writeAsTheEventWriter(db, batch);
      };
      const fold = async (db: Db) => {
        // Fold while the writers write, then until a run finds nothing left.
        for (;;) {
          const still = writing;
          const { events } = await runRollup(db, { maxBatches: 1 });
          if (!still && events === 0) return;
          // Nothing new yet: a job's next tick, not a loop that takes the writers' CPU.
          if (events === 0) await sleep(10);
        }
      };
      const writeStart = performance.now();
      const folders = Promise.all([fold(folderA), fold(folderB)]);
      // A folder that fails while the writers write is reported once they are done, not as an unhandled rejection.
      folders.catch(() => {});
      await Promise.all([
        write(
          writerA,
          visits.filter((_, i) => i % 2 === 0),
        ),
        write(
          writerB,
          visits.filter((_, i) => i % 2 === 1),
        ),
      ]);
      const written = performance.now();
      writing = false;
      try {
        await folders;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        line(`${name}: two writers beside two folders`, `a folder failed: ${message}`);
        return { backlogInsertRate, backlogFoldRate, ingestRate: 0, catchUpMs: 0, concurrentEvents: 0, landingsExact: false, concurrentError: message };
      }
      const caughtUp = performance.now();
      const concurrentEvents = visits.flat().length;
      const ingestRate = Math.round(concurrentEvents / ((written - writeStart) / 1000));
      const catchUpMs = Math.round(caughtUp - written);
      const landingsExact = (await landingsCounted(main, 'concurrent')) === landings;
      line(`${name}: two writers beside two folders`, `${ingestRate.toLocaleString('en')} events/s written, caught up ${catchUpMs} ms after (load ${load()})`);
      line(`${name}: every landing counted once`, `${landingsExact} (${(await landingsCounted(main, 'concurrent')).toLocaleString('en')} of ${landings.toLocaleString('en')})`);
      return { backlogInsertRate, backlogFoldRate, ingestRate, catchUpMs, concurrentEvents, landingsExact };
    } finally {
      for (const db of connections) await closeDatabase(db);
    }
  } finally {
    await closeDatabase(main);
  }
}

console.log(`Analytics fold (${EVENTS.toLocaleString('en')} events each part, load ${load()} on ${os.cpus().length} CPUs)`);
const results: Record<string, unknown> = { events: EVENTS, cpus: os.cpus().length, loadAtStart: load() };
const dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-fold-bench-'));
const server = await startPostgres();
try {
  const file = path.join(dir, 'bench.sqlite');
  results.sqlite = await measure('SQLite', () => openDatabase(file));
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  // A pool of 2 per connection: what a node's writer or job uses at a time.
  results.postgres = await measure('PostgreSQL', () => openDatabase(server.url('bench'), { poolSize: 2, statementTimeoutMs: 60_000 }));
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
results.loadAtEnd = load();
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/fold.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
