import type { Db } from '../db/open-database.ts';
import { bindEventRows, type EventRow, insertEventBatch } from './event-insert.ts';

export type { EventRow } from './event-insert.ts';

export type EventQueueOptions = {
  /** Rows written in one transaction at most; a queue holding this many writes at once. */
  maxBatch?: number;
  /**
   * How long the first waiting event waits for company before its batch is written. 0 (the
   * default): the next turn of the event loop, after every request already read has queued
   * its rows; see docs/decisions.md (group commit) for why not a few milliseconds.
   */
  flushAfterMs?: number;
  /** Rows waiting for their transaction at most; more are refused (the caller answers 503), never silently dropped. */
  maxQueued?: number;
};

/** How a push ended: its rows committed, or refused without being written. */
export type PushOutcome = 'stored' | 'full' | 'closed';

export type EventQueue = {
  /**
   * Queues rows and resolves once the transaction holding them has committed ('stored'), or at
   * once when they are refused ('full', 'closed'). Rejects when their batch's transaction failed.
   */
  push(rows: EventRow[]): Promise<PushOutcome>;
  /** Writes everything queued now. */
  flush(): Promise<void>;
  /** Writes what is queued and refuses what comes after: call on shutdown. */
  close(): Promise<void>;
  readonly stats: { transactions: number; rows: number; refused: number; failed: number };
};

type Waiting = { rows: EventRow[]; resolve: (outcome: PushOutcome) => void; reject: (error: unknown) => void };

/**
 * Analytics events written by group commit: each request's rows wait in memory for the next
 * batch (by size, or the next turn of the event loop), the batch is one transaction, and each
 * request is answered only after that transaction committed. A 2xx therefore means the rows
 * are in the database (WAL, synchronous=NORMAL: they survive a killed process), while a burst
 * of beacons still costs a few commits rather than one per request.
 */
export function createEventQueue(db: Db, options: EventQueueOptions = {}): EventQueue {
  // Small enough that one batch holds the event loop for a few milliseconds at most.
  const maxBatch = options.maxBatch ?? 500;
  const flushAfterMs = options.flushAfterMs ?? 0;
  const maxQueued = options.maxQueued ?? 100_000;
  let waiting: Waiting[] = [];
  let queuedRows = 0;
  let scheduled: { immediate: boolean; cancel: () => void } | undefined;
  let closed = false;
  const stats = { transactions: 0, rows: 0, refused: 0, failed: 0 };

  async function insertAll(batch: Waiting[]): Promise<void> {
    const values: unknown[] = [];
    for (const entry of batch) bindEventRows(values, entry.rows);
    await insertEventBatch(db, values);
  }

  /** Takes whole requests up to maxBatch rows (a request larger than that is one batch of its own: its rows commit together). */
  function takeBatch(): Waiting[] {
    let rows = 0;
    let taken = 0;
    while (taken < waiting.length && (taken === 0 || rows + waiting[taken]!.rows.length <= maxBatch)) rows += waiting[taken++]!.rows.length;
    const batch = waiting.slice(0, taken);
    waiting = waiting.slice(taken);
    queuedRows -= rows;
    return batch;
  }

  /** The drain under way: one at a time, so flush() and close() wait for every commit, not only their own. */
  let draining: Promise<void> | undefined;

  function flushNow(): Promise<void> {
    scheduled?.cancel();
    scheduled = undefined;
    draining ??= drain().finally(() => {
      draining = undefined;
      // Rows pushed after the drain's last look wait for the next turn.
      if (waiting.length > 0 && !closed) schedule(true);
    });
    return draining;
  }

  /** Writes every waiting request, a batch a transaction; a failed batch rejects its requests (their answer is an error). */
  async function drain() {
    while (waiting.length > 0) {
      const batch = takeBatch();
      const rows = batch.reduce((sum, entry) => sum + entry.rows.length, 0);
      try {
        await insertAll(batch);
      } catch (error) {
        // The requests of a refused batch are told (their answer is an error), not retried for ever.
        stats.failed += rows;
        console.error(`visitor events: a batch of ${rows} could not be written:`, error);
        for (const entry of batch) entry.reject(error);
        continue;
      }
      stats.transactions++;
      stats.rows += rows;
      for (const entry of batch) entry.resolve('stored');
    }
  }

  /** At the latest after flushAfterMs; `now`: on the next turn of the event loop (a full batch is waiting). */
  function schedule(now: boolean) {
    if (scheduled?.immediate || (scheduled && !now)) return;
    scheduled?.cancel();
    if (!now && flushAfterMs > 0) {
      const timer = setTimeout(() => void flushNow(), flushAfterMs);
      scheduled = { immediate: false, cancel: () => clearTimeout(timer) };
    } else {
      const immediate = setImmediate(() => void flushNow());
      scheduled = { immediate: true, cancel: () => clearImmediate(immediate) };
    }
  }

  return {
    stats,
    push(rows) {
      if (closed || queuedRows + rows.length > maxQueued) {
        stats.refused += rows.length;
        return Promise.resolve(closed ? 'closed' : 'full');
      }
      const stored = new Promise<PushOutcome>((resolve, reject) => waiting.push({ rows, resolve, reject }));
      queuedRows += rows.length;
      schedule(queuedRows >= maxBatch);
      return stored;
    },
    async flush() {
      await flushNow();
    },
    async close() {
      closed = true;
      await flushNow();
      // A push accepted just before the close is written too.
      while (waiting.length > 0) await flushNow();
    },
  };
}
