import type { Db } from '../db/open-database.ts';
import type { visitorEvents } from '../db/schema-visitor.ts';

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

/**
 * Analytics events are accepted into memory and written in batches: one transaction per batch
 * (by size or after a short wait), never one per event, so a burst of beacons costs a few
 * commits and no request waits on the disk.
 */
export function createEventQueue(db: Db, options: EventQueueOptions = {}): EventQueue {
  // Small enough that one batch holds the event loop for a few milliseconds at most.
  const maxBatch = options.maxBatch ?? 500;
  const flushAfterMs = options.flushAfterMs ?? 250;
  const maxQueued = options.maxQueued ?? 100_000;
  let queued: EventRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const stats = { transactions: 0, rows: 0, dropped: 0 };

  // One prepared statement run per row inside one transaction: building a drizzle query for a
  // batch cost more than SQLite's own work (bench/visitor.bench.ts).
  const insert = db.$client.prepare(
    `INSERT INTO visitor_events (site_id, event_type, page_id, position, lang, session_id, variation_id, target_id, referrer, user_agent_class, occurred_at, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAll = db.$client.transaction((rows: EventRow[]) => {
    for (const row of rows) {
      insert.run(
        row.siteId,
        row.eventType,
        row.pageId ?? null,
        row.position ?? null,
        row.lang ?? null,
        row.sessionId ?? null,
        row.variationId ?? null,
        row.targetId ?? null,
        row.referrer ?? null,
        row.userAgentClass,
        row.occurredAt.getTime(),
        row.receivedAt.getTime(),
      );
    }
  });

  function writeBatch(rows: EventRow[]) {
    insertAll(rows);
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
