import { closeDatabase, sqliteClientOf } from '../db/open-database.ts';
import { sqlGet } from '../db/test-sql.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open-database.ts';
import { createEventQueue, type EventRow } from './event-queue.ts';

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-events-'));
  db = await openDatabase(path.join(dir, 'events.sqlite'));
});

afterEach(async () => {
  await closeDatabase(db);
  await rm(dir, { recursive: true, force: true });
});

const row = (i: number): EventRow => ({
  siteId: 's',
  kind: 'dwell',
  cell: 'A1',
  value: i,
  pageId: `p${i}`,
  sessionId: 'v',
  visitId: 'v1',
  device: 'desktop',
  occurredAt: new Date(i),
  receivedAt: new Date(i),
});
const count = async () => ((await sqlGet(db, 'SELECT count(*) AS n FROM visitor_events')) as { n: number }).n;

describe('createEventQueue', () => {
  it('resolves a push only once its rows are committed, and writes the pushes of one turn in one transaction', async () => {
    const queue = createEventQueue(db);
    const first = queue.push([row(1), row(2)]);
    const second = queue.push([row(3)]);
    // Nothing is written while the requests of this turn are still queueing.
    expect(await count()).toBe(0);
    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(await first).toBe('stored');
    expect(await count()).toBe(3);
    expect(await second).toBe('stored');
    expect(queue.stats).toEqual({ transactions: 1, rows: 3, refused: 0, failed: 0 });
    await queue.close();
  });

  it('waits at most flushAfterMs for company when asked to', async () => {
    // Long enough that a loaded machine's late timer still lands the second request inside the wait.
    const queue = createEventQueue(db, { flushAfterMs: 300 });
    const stored = queue.push([row(1)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await count()).toBe(0);
    setTimeout(() => void queue.push([row(2)]), 5);
    expect(await stored).toBe('stored');
    expect(await count()).toBe(2);
    expect(queue.stats.transactions).toBe(1);
    await queue.close();
  });

  it('splits a burst into transactions of at most maxBatch rows without splitting a request', async () => {
    const queue = createEventQueue(db, { maxBatch: 1000, flushAfterMs: 10_000 });
    const pushes = Array.from({ length: 25 }, (_, i) => queue.push(Array.from({ length: 100 }, (_, j) => row(i * 100 + j))));
    expect(await Promise.all(pushes)).toEqual(Array(25).fill('stored'));
    expect(await count()).toBe(2500);
    expect(queue.stats).toEqual({ transactions: 3, rows: 2500, refused: 0, failed: 0 });
    await queue.close();
  });

  it('writes what it holds on close and refuses what comes after', async () => {
    const queue = createEventQueue(db, { flushAfterMs: 10_000 });
    const stored = queue.push([row(1)]);
    await queue.close();
    expect(await count()).toBe(1);
    expect(await stored).toBe('stored');
    expect(await queue.push([row(2)])).toBe('closed');
    expect(queue.stats.refused).toBe(1);
  });

  it('refuses rows beyond maxQueued, saying so, instead of growing without bound', async () => {
    const queue = createEventQueue(db, { maxQueued: 5, maxBatch: 100, flushAfterMs: 10_000 });
    const first = queue.push([row(1), row(2), row(3)]);
    expect(await queue.push([row(4), row(5), row(6)])).toBe('full');
    await queue.flush();
    expect(await first).toBe('stored');
    expect(await count()).toBe(3);
    expect(queue.stats.refused).toBe(3);
    // Once written, the room is back.
    const later = queue.push([row(7), row(8), row(9)]);
    await queue.close();
    expect(await later).toBe('stored');
  });

  it('rejects every push of a batch the database refused, and writes none of its rows', async () => {
    sqliteClientOf(db)!.exec("CREATE TRIGGER refuse_p2 BEFORE INSERT ON visitor_events WHEN NEW.page_id = 'p2' BEGIN SELECT RAISE(ABORT, 'refused'); END");
    const queue = createEventQueue(db);
    const good = queue.push([row(1)]);
    const bad = queue.push([row(2)]);
    await expect(good).rejects.toThrow(/refused/);
    await expect(bad).rejects.toThrow(/refused/);
    expect(await count()).toBe(0);
    expect(queue.stats.failed).toBe(2);
    expect(await queue.push([row(3)])).toBe('stored');
    await queue.close();
  });
});
