import type { Db } from '../db/open-database.ts';
import { visitorEvents } from '../db/schema-visitor.ts';

export type EventRow = typeof visitorEvents.$inferInsert;

export type EventQueueOptions = {
  /** Rows written in one transaction at most; a full queue flushes at once. */
  maxBatch?: number;
  /** How long an event may wait for company before it is written. */
  flushAfterMs?: number;
  /** Rows held before new ones are dropped (the database fell far behind); analytics may lose a burst, requests never wait. */
  maxQueued?: number;
};

export type EventQueue = {
  /** Queues rows and returns at once; false when they were dropped because the queue is full. */
  push(rows: EventRow[]): boolean;
  /** Writes everything queued now. */
  flush(): Promise<void>;
  /** Flushes and stops the timer: call on shutdown so nothing queued is lost. */
  close(): Promise<void>;
  readonly stats: { transactions: number; rows: number; dropped: number };
};

// One INSERT carries at most this many rows: 12 columns each stays under SQLite's 32766 variables.
const ROWS_PER_STATEMENT = 1000;

/**
 * Analytics events are accepted into memory and written in batches: one transaction per batch
 * (by size or after a short wait), never one per event, so a burst of beacons costs a few
 * commits and no request waits on the disk.
 */
export function createEventQueue(db: Db, options: EventQueueOptions = {}): EventQueue {
  const maxBatch = options.maxBatch ?? 2000;
  const flushAfterMs = options.flushAfterMs ?? 250;
  const maxQueued = options.maxQueued ?? 100_000;
  let queued: EventRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const stats = { transactions: 0, rows: 0, dropped: 0 };

  function writeBatch(rows: EventRow[]) {
    db.transaction((tx) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) tx.insert(visitorEvents).values(rows.slice(i, i + ROWS_PER_STATEMENT)).run();
    });
    stats.transactions++;
    stats.rows += rows.length;
  }

  function flushNow() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (queued.length > 0) {
      const batch = queued.slice(0, maxBatch);
      queued = queued.slice(batch.length);
      try {
        writeBatch(batch);
      } catch (error) {
        // A batch the database refuses is lost rather than retried for ever; it is only analytics.
        stats.dropped += batch.length;
        console.error(`visitor events: a batch of ${batch.length} could not be written:`, error);
      }
    }
  }

  return {
    stats,
    push(rows) {
      if (closed || queued.length + rows.length > maxQueued) {
        stats.dropped += rows.length;
        return false;
      }
      queued.push(...rows);
      if (queued.length >= maxBatch) setImmediate(flushNow);
      else timer ??= setTimeout(flushNow, flushAfterMs);
      return true;
    },
    async flush() {
      flushNow();
    },
    async close() {
      closed = true;
      flushNow();
    },
  };
}
