import { Worker } from 'node:worker_threads';
import { ROLLUP_EVERY_MS, startRollupJob } from './analytics/rollup-job.ts';
import { runRollup } from './analytics/run-rollup.ts';
import type { Db } from './db/open-database.ts';
import { DEFAULT_POSTGRES_SETTINGS, type PostgresSettings } from './db/pg/postgres-engine.ts';
import { experimentArmOf } from './experiments/event-arm.ts';
import { bindEventRows, insertEventBatch } from './visitor/event-insert.ts';
import type { EventQueue, EventRow, PushOutcome } from './visitor/event-queue.ts';

/** What the writer thread is told at its start (api/event-writer.worker.ts). */
export type EventWriterData = { file: string; rollupEveryMs: number; postgres: PostgresSettings };
/**
 * A batch of events as bindEventRows' values in JSON, one transaction (a string crosses to
 * the thread as one copy; the structured clone of the array itself took a quarter of the main
 * thread's time); a fold of what is stored; the last fold and the end.
 */
export type EventWriterRequest = { kind: 'insert'; batch: number; values: string } | { kind: 'fold' } | { kind: 'stop' };
export type EventWriterAnswer = { kind: 'ready' } | { kind: 'stored'; batch: number } | { kind: 'failed'; batch: number; error: string } | { kind: 'done'; asked: 'fold' | 'stop' } | { log: string };

export type EventWriter = {
  /** The queue the event route pushes to: a push resolves once the writer thread committed its rows. */
  events: EventQueue;
  /** Folds what is stored into the rollups now. */
  foldNow(): Promise<void>;
  /** Writes what is queued, refuses what comes after, folds what is left, ends the thread. */
  close(): Promise<void>;
  /** Where batches are committed now: here while the thread loads, on the thread once it is ready, here again if it ended. */
  readonly committing: () => 'here' | 'thread';
};

type Waiting = { rows: EventRow[]; resolve: (outcome: PushOutcome) => void; reject: (error: unknown) => void };

/** Rows a transaction of the thread holds at most: the rest waits for the next, so the fold between them is never held up long. */
const MAX_BATCH = 5000;

/**
 * Analytics events committed by a thread of their own, with group commit: the rows of every
 * request read while the thread commits one batch wait in memory and become the next batch, one
 * transaction, and each request is answered only once the thread says its batch committed (a 2xx
 * means the rows are in the database, as with the in-process queue, event-queue.ts). The same
 * thread folds the rollups between batches. SQLite's inserts and the fold took about a third of the
 * main thread's CPU under ingest load (bench/visitor.bench.ts); on their own thread, the main
 * thread only answers requests. Main and writer hold separate connections: the other writes of
 * the visitor API (forms, counters) take the write lock in turn with this thread's transactions.
 */
export function startEventWriter(db: Db, file: string, options: { maxQueued?: number; rollupEveryMs?: number; log?: (line: string) => void; postgres?: PostgresSettings } = {}): EventWriter {
  const log = options.log ?? ((line: string) => console.error(line));
  const maxQueued = options.maxQueued ?? 100_000;
  const data: EventWriterData = { file, rollupEveryMs: options.rollupEveryMs ?? ROLLUP_EVERY_MS, postgres: options.postgres ?? DEFAULT_POSTGRES_SETTINGS };
  // Without Node's compile cache: a worker loading its modules through a cache folder that other processes
  // fill at the same moment was seen never to finish loading (api/publishing/kill-during-publish.test.ts).
  const { NODE_COMPILE_CACHE: _, ...env } = process.env;
  const worker = new Worker(new URL('./event-writer.worker.ts', import.meta.url), { workerData: data, env });
  const stats = { transactions: 0, rows: 0, refused: 0, failed: 0 };
  let waiting: Waiting[] = [];
  let queuedRows = 0;
  let nextBatch = 1;
  const inFlight = new Map<number, { entries: Waiting[]; rows: number }>();
  const asked: { kind: 'fold' | 'stop'; resolve: () => void }[] = [];
  const idle: (() => void)[] = [];
  let scheduled = false;
  let closed = false;
  let ended = false;
  // Until the thread has loaded (a second or more on a busy machine) and after it ended, batches
  // are committed here on the server's own connection, and after an end the fold runs here too:
  // the thread speeds ingest up, nothing waits for it.
  let ready = false;
  async function commitHere(values: readonly unknown[]): Promise<void> {
    await insertEventBatch(db, values);
  }
  let rollupsHere: ReturnType<typeof startRollupJob> | undefined;

  // Referenced only while something waits on the thread: an idle server's process may end without it.
  const reference = () => (inFlight.size > 0 || asked.length > 0 ? worker.ref() : worker.unref());
  reference();

  function settleIdle() {
    if (waiting.length > 0 || inFlight.size > 0) return;
    for (const resolve of idle.splice(0)) resolve();
  }

  /**
   * Sends one batch when none is being committed: what arrives meanwhile waits and goes next, together.
   * Called from setImmediate, worker events and settleBatch, which do not await it: it catches its own
   * failures, and the batch in flight (inFlight) keeps a second call from sending another.
   */
  async function send() {
    scheduled = false;
    if (inFlight.size > 0 || waiting.length === 0) return;
    let rows = 0;
    let taken = 0;
    while (taken < waiting.length && (taken === 0 || rows + waiting[taken]!.rows.length <= MAX_BATCH)) rows += waiting[taken++]!.rows.length;
    const entries = waiting.slice(0, taken);
    waiting = waiting.slice(taken);
    queuedRows -= rows;
    const values: unknown[] = [];
    for (const entry of entries) bindEventRows(values, entry.rows);
    const batch = nextBatch++;
    inFlight.set(batch, { entries, rows });
    if (ready && !ended) {
      reference();
      worker.postMessage({ kind: 'insert', batch, values: JSON.stringify(values) } satisfies EventWriterRequest);
      return;
    }
    let error: string | null = null;
    try {
      await commitHere(values);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    await settleBatch(batch, error);
  }

  function schedule() {
    if (scheduled || inFlight.size > 0) return;
    scheduled = true;
    // The next turn of the event loop: every request already read has queued its rows by then.
    setImmediate(() => void send());
  }

  async function settleBatch(batch: number, error: string | null) {
    const sent = inFlight.get(batch);
    if (!sent) return;
    inFlight.delete(batch);
    if (error === null) {
      stats.transactions++;
      stats.rows += sent.rows;
      for (const entry of sent.entries) entry.resolve('stored');
    } else {
      // The requests of a refused batch are told (their answer is an error), not retried for ever.
      stats.failed += sent.rows;
      log(`visitor events: a batch of ${sent.rows} could not be written: ${error}`);
      for (const entry of sent.entries) entry.reject(new Error(error));
    }
    reference();
    if (waiting.length > 0) await send();
    settleIdle();
  }

  worker.on('message', async (message: EventWriterAnswer) => {
    if ('log' in message) return log(message.log);
    if (message.kind === 'ready') ready = true;
    else if (message.kind === 'stored') await settleBatch(message.batch, null);
    else if (message.kind === 'failed') await settleBatch(message.batch, message.error);
    else if (message.kind === 'done') {
      asked
        .splice(
          asked.findIndex((entry) => entry.kind === message.asked),
          1,
        )[0]
        ?.resolve();
      reference();
    }
  });
  const end = async (why: string) => {
    if (ended) return;
    ended = true;
    for (const batch of [...inFlight.keys()]) await settleBatch(batch, why);
    for (const entry of asked.splice(0)) entry.resolve();
    if (closed) return;
    log(`visitor events: the writer thread ended (${why}); events and the rollups go on in the main thread`);
    rollupsHere = startRollupJob(db, { everyMs: data.rollupEveryMs, armOf: experimentArmOf(db), log });
    await send();
  };
  worker.on('error', async (error) => await end(error instanceof Error ? error.message : String(error)));
  worker.on('exit', async (code) => await end(`exit code ${code}`));

  async function ask(kind: 'fold' | 'stop'): Promise<void> {
    // A thread that never finished loading is not waited for: it is ended, and the fold runs here.
    if (ended || !ready) {
      if (kind === 'stop') {
        rollupsHere?.stop();
        void worker.terminate();
      }
      await runRollup(db, { armOf: experimentArmOf(db) });
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      asked.push({ kind, resolve });
      reference();
      worker.postMessage({ kind } satisfies EventWriterRequest);
    });
  }
  const flush = () =>
    new Promise<void>((resolve) => {
      idle.push(resolve);
      void send().finally(settleIdle);
    });

  const events: EventQueue = {
    stats,
    push(rows) {
      if (closed || queuedRows + rows.length > maxQueued) {
        stats.refused += rows.length;
        return Promise.resolve(closed ? 'closed' : 'full');
      }
      const stored = new Promise<PushOutcome>((resolve, reject) => waiting.push({ rows, resolve, reject }));
      queuedRows += rows.length;
      schedule();
      return stored;
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
  return {
    events,
    committing: () => (ready && !ended ? 'thread' : 'here'),
    foldNow: async () => {
      await flush();
      await ask('fold');
    },
    async close() {
      await events.close();
      await ask('stop');
    },
  };
}
