import { sqlAll } from '../db/test-sql.ts';
import { closeDatabase } from '../db/open-database.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open-database.ts';
import { testDatabaseTarget } from '../db/pg/test-database.ts';
import { bindEventRows, type EventRow, insertEventBatch } from './event-insert.ts';

let dir: string;
let db: Db;
let dropDatabase: () => Promise<void>;

// A SQLite file, or a PostgreSQL database under `npm run test:postgres`, where the insert is one statement per batch.
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-event-insert-'));
  const database = await testDatabaseTarget(dir, 'events.sqlite');
  db = await openDatabase(database.target);
  dropDatabase = database.drop;
});

afterEach(async () => {
  await closeDatabase(db);
  await dropDatabase();
  await rm(dir, { recursive: true, force: true });
});

const at = new Date('2026-11-24T10:00:00Z');
/** A row whose shared columns (site, session, variant, experiment, language, device, time received) come from `shared`. */
const row = (i: number, shared: Partial<EventRow> = {}): EventRow => ({
  siteId: 's1',
  sessionId: 'session-1',
  variationId: null,
  experimentId: null,
  lang: 'jp',
  device: 'mobile',
  receivedAt: at,
  kind: i % 2 ? 'tap' : 'slide_page',
  cell: `A${i + 1}`,
  toCell: i % 2 ? null : 'B1',
  direction: i % 2 ? null : 'right',
  tapX: i % 2 ? i : null,
  tapY: i % 2 ? 2 : null,
  pageId: `p${i}`,
  visitId: `visit-${i % 3}`,
  occurredAt: new Date(at.getTime() - i),
  ...shared,
});

const stored = async () =>
  await sqlAll(
    db,
    'SELECT site_id, session_id, variation_id, experiment_id, lang, device, received_at, kind, cell, to_cell, direction, tap_x, tap_y, page_id, visit_id, occurred_at FROM visitor_events ORDER BY id',
  );
const asStored = (rows: EventRow[]) =>
  rows.map((r) => ({
    site_id: r.siteId,
    session_id: r.sessionId,
    variation_id: r.variationId ?? null,
    experiment_id: r.experimentId ?? null,
    lang: r.lang ?? null,
    device: r.device,
    received_at: r.receivedAt.getTime(),
    kind: r.kind,
    cell: r.cell,
    to_cell: r.toCell ?? null,
    direction: r.direction ?? null,
    tap_x: r.tapX ?? null,
    tap_y: r.tapY ?? null,
    page_id: r.pageId ?? null,
    visit_id: r.visitId,
    occurred_at: r.occurredAt.getTime(),
  }));

describe('the event insert', () => {
  it('stores rows in the order given, shared values bound once per run of rows that share them', async () => {
    const rows = [
      ...Array.from({ length: 4 }, (_, i) => row(i)),
      row(4, { sessionId: 'session-2', variationId: 'v-1' }),
      row(5, { sessionId: 'session-2', variationId: 'v-1' }),
      row(6, { device: 'desktop' }),
      row(7, { receivedAt: new Date(at.getTime() + 1), lang: null, experimentId: 'e-1' }),
      ...Array.from({ length: 150 }, (_, i) => row(8 + i, { siteId: 's2' })),
    ];
    const values: unknown[] = [];
    bindEventRows(values, rows);
    // Groups: 4, 2, 1, 1, then 150 rows of one request split at 100 per statement.
    const groups: number[] = [];
    for (let index = 0; index < values.length; ) {
      const count = values[index];
      if (typeof count !== 'number') throw new Error('not a group');
      groups.push(count);
      index += 1 + count * 16 + 7;
    }
    expect(groups).toEqual([4, 2, 1, 1, 100, 50]);
    await insertEventBatch(db, JSON.parse(JSON.stringify(values)));
    expect(await stored()).toEqual(asStored(rows));
  });

  it('stores a batch larger than one statement holds in the order given', async () => {
    // 4,500 rows from 45 requests: past PostgreSQL's 2,000 rows a statement twice.
    const rows = Array.from({ length: 4_500 }, (_, i) => row(i, { sessionId: `session-${Math.floor(i / 100)}` }));
    const values: unknown[] = [];
    bindEventRows(values, rows);
    await insertEventBatch(db, JSON.parse(JSON.stringify(values)));
    expect(await stored()).toEqual(asStored(rows));
  });

  it('refuses values that are not row groups, and stores nothing of them', async () => {
    await expect(insertEventBatch(db, ['x', 1, 2])).rejects.toThrow(/row groups/);
    const values: unknown[] = [];
    bindEventRows(values, [row(0)]);
    await expect(insertEventBatch(db, values.slice(0, -1))).rejects.toThrow(/inside a row group/);
    expect(await stored()).toEqual([]);
  });
});
