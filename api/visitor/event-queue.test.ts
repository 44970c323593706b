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
  db = openDatabase(path.join(dir, 'events.sqlite'));
});

afterEach(async () => {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
});

const row = (i: number): EventRow => ({ siteId: 's', eventType: 'slide_page', pageId: `p${i}`, userAgentClass: 'desktop', occurredAt: new Date(i), receivedAt: new Date(i) });
const count = () => (db.$client.prepare('SELECT count(*) AS n FROM visitor_events').get() as { n: number }).n;

describe('createEventQueue', () => {
  it('writes on its timer, one transaction for everything queued meanwhile', async () => {
    const queue = createEventQueue(db, { flushAfterMs: 20 });
    queue.push([row(1), row(2)]);
    queue.push([row(3)]);
    expect(count()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(count()).toBe(3);
    expect(queue.stats).toEqual({ transactions: 1, rows: 3, dropped: 0 });
    await queue.close();
  });

  it('splits a burst into transactions of maxBatch rows', async () => {
    const queue = createEventQueue(db, { maxBatch: 1000, flushAfterMs: 10_000 });
    queue.push(Array.from({ length: 2500 }, (_, i) => row(i)));
    await queue.flush();
    expect(count()).toBe(2500);
    expect(queue.stats).toEqual({ transactions: 3, rows: 2500, dropped: 0 });
    await queue.close();
  });

  it('writes what it holds on close and takes nothing after', async () => {
    const queue = createEventQueue(db, { flushAfterMs: 10_000 });
    queue.push([row(1)]);
    await queue.close();
    expect(count()).toBe(1);
    expect(queue.push([row(2)])).toBe(false);
    expect(queue.stats.dropped).toBe(1);
  });

  it('drops rows beyond maxQueued instead of growing without bound', async () => {
    const queue = createEventQueue(db, { maxQueued: 5, maxBatch: 100, flushAfterMs: 10_000 });
    expect(queue.push([row(1), row(2), row(3)])).toBe(true);
    expect(queue.push([row(4), row(5), row(6)])).toBe(false);
    await queue.close();
    expect(count()).toBe(3);
    expect(queue.stats.dropped).toBe(3);
  });
});
