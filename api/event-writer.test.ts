import { closeDatabase } from './db/open-database.ts';
import { sqlGet } from './db/test-sql.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './db/open-database.ts';
import { startEventWriter } from './event-writer.ts';
import type { EventRow } from './visitor/event-queue.ts';

let dir: string;
let file: string;
let db: Db;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-event-writer-'));
  file = path.join(dir, 'events.sqlite');
  db = await openDatabase(file);
});

afterEach(async () => {
  await closeDatabase(db);
  await rm(dir, { recursive: true, force: true });
});

const rowsOf = (session: string, n: number): EventRow[] =>
  Array.from({ length: n }, (_, i) => ({
    siteId: 'site',
    kind: 'dwell',
    cell: 'A1',
    value: i,
    sessionId: session,
    visitId: `${session}-visit`,
    device: 'mobile',
    occurredAt: new Date(1_700_000_000_000 + i),
    receivedAt: new Date(1_700_000_000_000 + i),
  }));

/** Read on the test's own connection, not the writer's: what it sees is committed. */
const storedOf = async (session: string) => ((await sqlGet(db, 'SELECT count(*) AS n FROM visitor_events WHERE session_id = ?', session)) as { n: number }).n;

async function untilThread(writer: ReturnType<typeof startEventWriter>) {
  for (let waited = 0; writer.committing() !== 'thread'; waited += 20) {
    if (waited > 60_000) throw new Error('the writer thread did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('startEventWriter', () => {
  it('answers every push, parallel ones too, only once its rows are committed, both before the thread is ready and on the thread', async () => {
    const writer = startEventWriter(db, file);
    const missing: string[] = [];
    const sendAll = (phase: string) =>
      Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const session = `${phase}-${i}`;
          const outcome = await writer.events.push(rowsOf(session, 10));
          // At the moment the push resolves, and not later, all of its rows must be readable.
          if (outcome !== 'stored' || (await storedOf(session)) !== 10) missing.push(session);
        }),
      );
    const early = writer.committing();
    await sendAll('early');
    await untilThread(writer);
    await sendAll('thread');
    expect(early).toBe('here');
    expect(missing).toEqual([]);
    expect(writer.events.stats.rows).toBe(800);
    // Group commit: 80 requests took far fewer transactions.
    expect(writer.events.stats.transactions).toBeLessThan(80);
    await writer.close();
  });

  it('folds what is left into the rollups when closed, and refuses pushes after', async () => {
    const writer = startEventWriter(db, file);
    await untilThread(writer);
    expect(await writer.events.push(rowsOf('v', 25))).toBe('stored');
    await writer.close();
    const last = ((await sqlGet(db, 'SELECT max(id) AS id FROM visitor_events')) as { id: number }).id;
    const watermark = (await sqlGet(db, "SELECT last_event_id AS id FROM analytics_rollup_state WHERE name = 'live'")) as { id: number } | undefined;
    expect(watermark?.id).toBe(last);
    expect(await writer.events.push(rowsOf('late', 1))).toBe('closed');
    expect(await storedOf('late')).toBe(0);
  });

  it('goes on committing and folding on the main connection when the thread cannot open the database', async () => {
    // A file where the thread's folder would be: its openDatabase fails, as a broken disk path would.
    await writeFile(path.join(dir, 'blocker'), '');
    let ended!: () => void;
    const threadEnded = new Promise<void>((resolve) => (ended = resolve));
    const writer = startEventWriter(db, path.join(dir, 'blocker', 'events.sqlite'), {
      log: (line) => {
        if (line.includes('writer thread ended')) ended();
      },
    });
    await threadEnded;
    expect(writer.committing()).toBe('here');
    expect(await writer.events.push(rowsOf('after', 5))).toBe('stored');
    expect(await storedOf('after')).toBe(5);
    await writer.foldNow();
    const last = ((await sqlGet(db, 'SELECT max(id) AS id FROM visitor_events')) as { id: number }).id;
    expect(((await sqlGet(db, "SELECT last_event_id AS id FROM analytics_rollup_state WHERE name = 'live'")) as { id: number }).id).toBe(last);
    await writer.close();
  });
});
