import { Param, type SQL, sql } from 'drizzle-orm';
import { type Engine, ROW_LEVEL } from '../db/async-database.ts';
import { chunksOf } from '../db/in-chunks.ts';
import type { Db, Queries } from '../db/open-database.ts';
import type { visitorEvents } from '../db/schema-visitor.ts';

export type EventRow = typeof visitorEvents.$inferInsert;

/** What every row of one request has alike: bound once for all of them. */
const SHARED_COLUMNS = ['site_id', 'session_id', 'variation_id', 'experiment_id', 'lang', 'device', 'received_at'] as const;
/** What each row has of its own. */
const OWN_COLUMNS = [
  'kind',
  'cell',
  'to_cell',
  'page_id',
  'direction',
  'value',
  'tap_x',
  'tap_y',
  'target_id',
  'sns_type',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'visit_id',
  'occurred_at',
] as const;
const SHARED = SHARED_COLUMNS.length;
const OWN = OWN_COLUMNS.length;
/** A group's rows at most in one statement: 100 rows are 1,607 parameters, far under SQLite's limit of 32,766 (and a batch holds 100 events at most). */
const ROWS_PER_GROUP = 100;

const sharedValues = (row: EventRow) => [row.siteId, row.sessionId, row.variationId ?? null, row.experimentId ?? null, row.lang ?? null, row.device, row.receivedAt.getTime()] as const;

/**
 * Appends rows as what the insert binds, in groups of rows that share SHARED_COLUMNS (one request's
 * rows do): the group's row count, each row's own values, then the shared values once. This is what
 * the event writer thread is sent (primitives, as JSON). Binding each of a row's 23 values through
 * better-sqlite3 was a third of the writer thread's CPU; a request's 7 shared values are bound once.
 */
export function bindEventRows(values: unknown[], rows: readonly EventRow[]): void {
  let at = 0;
  while (at < rows.length) {
    const first = rows[at]!;
    let end = at + 1;
    while (end < rows.length && end - at < ROWS_PER_GROUP && sameShared(first, rows[end]!)) end++;
    values.push(end - at);
    for (let index = at; index < end; index++) {
      const row = rows[index]!;
      values.push(
        row.kind,
        row.cell,
        row.toCell ?? null,
        row.pageId ?? null,
        row.direction ?? null,
        row.value ?? null,
        row.tapX ?? null,
        row.tapY ?? null,
        row.targetId ?? null,
        row.snsType ?? null,
        row.referrerHost ?? null,
        row.utmSource ?? null,
        row.utmMedium ?? null,
        row.utmCampaign ?? null,
        row.visitId,
        row.occurredAt.getTime(),
      );
    }
    values.push(...sharedValues(first));
    at = end;
  }
}

/** Compared field by field, not through sharedValues: no array made per row. */
function sameShared(a: EventRow, b: EventRow): boolean {
  return (
    a.siteId === b.siteId &&
    a.sessionId === b.sessionId &&
    (a.variationId ?? null) === (b.variationId ?? null) &&
    (a.experimentId ?? null) === (b.experimentId ?? null) &&
    (a.lang ?? null) === (b.lang ?? null) &&
    a.device === b.device &&
    a.receivedAt.getTime() === b.receivedAt.getTime()
  );
}

/** A group of bindEventRows' values: its row count, and where its own values and its shared values start. */
type Group = { rows: number; at: number; shared: number };

/**
 * bindEventRows' values group by group, their shape checked first (they crossed a thread as JSON),
 * so nothing of a malformed batch is written.
 */
function groupsOf(values: readonly unknown[]): Group[] {
  const groups: Group[] = [];
  let at = 0;
  while (at < values.length) {
    const rows = values[at];
    if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1 || rows > ROWS_PER_GROUP) throw new Error('an event batch is not made of row groups');
    const end = at + 1 + rows * OWN + SHARED;
    if (end > values.length) throw new Error('an event batch ends inside a row group');
    groups.push({ rows, at: at + 1, shared: end - SHARED });
    at = end;
  }
  return groups;
}

const COLUMNS = [...SHARED_COLUMNS, ...OWN_COLUMNS];
const COLUMN_LIST = sql.raw(COLUMNS.join(', '));
/** What the SQLite insert takes from the shared row (`s`) and from each row of the VALUES list (`v`, whose columns SQLite names column1…). */
const PICKED = sql.raw([...SHARED_COLUMNS.map((column) => `s.${column}`), ...OWN_COLUMNS.map((_, index) => `v.column${index + 1}`)].join(', '));
/** Rows in one PostgreSQL INSERT at most: 2,000 × 23 parameters stay under its limit of 65,535. */
const ROWS_PER_POSTGRES_STATEMENT = 2_000;
const COMMA = sql`, `;

const RECEIVED_AT = SHARED_COLUMNS.indexOf('received_at');
const OCCURRED_AT = OWN_COLUMNS.indexOf('occurred_at');
/** A time the batch carries in milliseconds (it crossed a thread as JSON), as the instant PostgreSQL's timestamptz takes; SQLite stores the milliseconds. */
const instant = (ms: unknown) => (typeof ms === 'number' ? new Date(ms) : ms);

/** One row of values as `(?, ?, …)`, each a parameter. */
function tupleOf(values: readonly unknown[]): SQL {
  return sql`(${sql.join(
    values.map((value) => new Param(value ?? null)),
    COMMA,
  )})`;
}

/**
 * Writes one batch of bindEventRows' values in a transaction of its own: its rows commit together,
 * or none of them. Appending rows breaks no rule another transaction keeps, so it runs ROW_LEVEL.
 */
export async function insertEventBatch(db: Db, values: readonly unknown[]): Promise<void> {
  await db.transaction((tx) => insertEventValues(tx, values, db.$engine.dialect), ROW_LEVEL);
}

/**
 * Inserts rows given as bindEventRows' values (the caller holds the transaction, `db` is it; tests
 * hold one open across it to race the fold). On
 * SQLite: one INSERT per group, its rows' own values in a VALUES list joined to one row of the shared
 * values, so a request's shared values are bound once. CROSS JOIN keeps the VALUES list the outer
 * loop, so rows are inserted, and numbered, in the order sent. A statement run per row cost a fifth
 * more of SQLite's time per event (bench/visitor.bench.ts, docs/decisions.md); the statement of a
 * group size is the same text each time, so the engine prepares it once. On PostgreSQL every
 * statement is a round trip to the server, so the whole batch is one INSERT (see insertOnPostgres).
 */
export async function insertEventValues(db: Queries, values: readonly unknown[], dialect: Engine['dialect']): Promise<void> {
  const groups = groupsOf(values);
  if (dialect === 'postgres') {
    await insertOnPostgres(db, values, groups);
    return;
  }
  for (const { rows, at, shared } of groups) {
    const list: SQL[] = [];
    for (let row = 0; row < rows; row++) list.push(tupleOf(values.slice(at + row * OWN, at + (row + 1) * OWN)));
    const sharedRow = sql.join(
      SHARED_COLUMNS.map((column, index) => sql`${new Param(values[shared + index] ?? null)} AS ${sql.raw(column)}`),
      COMMA,
    );
    await db.run(sql`INSERT INTO visitor_events (${COLUMN_LIST}) SELECT ${PICKED} FROM (VALUES ${sql.join(list, COMMA)}) AS v CROSS JOIN (SELECT ${sharedRow}) AS s`);
  }
}

/**
 * The batch as one multi-row INSERT (two past 2,000 rows), each row with its group's shared values
 * written out: a statement per group cost a round trip each, and with the transaction's own two
 * the writer spent most of a batch waiting (bench/cluster.bench.ts). A VALUES list straight in an
 * INSERT takes its columns' types, so no casts; the rows are numbered in the order listed. Nothing
 * orders the inserts against the analytics fold: it tells the events it has read from those committed
 * later by their transaction (`xact_id`, api/analytics/fold-position.ts).
 */
async function insertOnPostgres(db: Queries, values: readonly unknown[], groups: readonly Group[]): Promise<void> {
  const tuples: SQL[] = [];
  for (const { rows, at, shared } of groups) {
    const sharedValues = values.slice(shared, shared + SHARED);
    sharedValues[RECEIVED_AT] = instant(sharedValues[RECEIVED_AT]);
    for (let row = 0; row < rows; row++) {
      const own = values.slice(at + row * OWN, at + (row + 1) * OWN);
      own[OCCURRED_AT] = instant(own[OCCURRED_AT]);
      tuples.push(tupleOf([...sharedValues, ...own]));
    }
  }
  if (tuples.length === 0) return;
  for (const chunk of chunksOf(tuples, ROWS_PER_POSTGRES_STATEMENT)) await db.run(sql`INSERT INTO visitor_events (${COLUMN_LIST}) VALUES ${sql.join(chunk, COMMA)}`);
}
