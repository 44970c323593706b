/**
 * What a commit of analytics events costs under each SQLite synchronous setting
 * (`npm run bench -- commit`): the real database (every migration) and the real events queue,
 * one push of 10 events at a time, each awaited, so every push is one transaction. NORMAL (what
 * api/db/open-database.ts sets) writes the WAL without an fsync and keeps commits through a
 * killed process; FULL fsyncs the WAL at every commit and keeps them through a power loss too.
 * better-sqlite3 is synchronous: that fsync holds the whole process. Prints figures, asserts
 * nothing; also written to bench/results/commit.json.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { closeDatabase, openDatabase } from '../api/db/open-database.ts';
import { createEventQueue, type EventRow } from '../api/visitor/event-queue.ts';

const COMMITS = 1000;
const BATCH = 10;

type Figures = { perCommitMs: number; commitsPerSecond: number };

const rows = (n: number): EventRow[] =>
  Array.from({ length: BATCH }, (_, i) => ({
    siteId: 'bench',
    kind: 'slide_page',
    cell: 'A1',
    toCell: 'A2',
    direction: 'down',
    sessionId: `s${n}`,
    visitId: `v${n}`,
    device: 'mobile',
    occurredAt: new Date(),
    receivedAt: new Date(i),
  }));

const figures = (ms: number): Figures => ({ perCommitMs: Number((ms / COMMITS).toFixed(3)), commitsPerSecond: Math.round(COMMITS / (ms / 1000)) });

/** `queue`: through the events queue, each push awaited (a turn of the event loop each); `commit`: the transaction alone. */
async function measure(synchronous: 'NORMAL' | 'FULL'): Promise<{ queue: Figures; commit: Figures }> {
  const dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-commit-bench-'));
  const db = await openDatabase(join(dir, 'swipegrid.sqlite'));
  // `synchronous` is one of this file's two literals.
  await db.run(sql`PRAGMA synchronous = ${sql.raw(synchronous)}`);
  const queue = createEventQueue(db);
  let started = performance.now();
  for (let n = 0; n < COMMITS; n++) await queue.push(rows(n));
  const queueMs = performance.now() - started;
  await queue.close();
  // A bare INSERT through the database handle, each transaction awaited, so that the figure is SQLite's, the disk's and the
  // session's (what the queue's writer pays too), not the queue's.
  started = performance.now();
  for (let n = 0; n < COMMITS; n++) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < BATCH; i++) {
        await tx.run(
          sql`INSERT INTO visitor_events (site_id, kind, cell, session_id, visit_id, device, occurred_at, received_at) VALUES ('bench', 'slide_page', 'A1', ${`s${n}`}, ${`v${n}`}, 'mobile', ${Date.now()}, ${i})`,
        );
      }
    });
  }
  const commitMs = performance.now() - started;
  await closeDatabase(db);
  await rm(dir, { recursive: true, force: true });
  return { queue: figures(queueMs), commit: figures(commitMs) };
}

console.log(`${COMMITS} transactions of ${BATCH} events each, one after another, ${os.availableParallelism()} cores`);
const results: Record<string, { queue: Figures; commit: Figures }> = {};
for (const mode of ['NORMAL', 'FULL'] as const) {
  const measured = await measure(mode);
  results[mode] = measured;
  console.log(
    `  synchronous=${mode.padEnd(8)}transaction alone ${measured.commit.perCommitMs} ms (${measured.commit.commitsPerSecond}/s); through the queue ${measured.queue.perCommitMs} ms (${measured.queue.commitsPerSecond}/s)`,
  );
}
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  join(resultsDir, 'commit.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine: { cores: os.availableParallelism(), node: process.version }, commits: COMMITS, batch: BATCH, ...results }, null, 2)}\n`,
);
console.log('\nWritten to bench/results/commit.json');
