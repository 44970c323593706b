import { type SQL, sql } from 'drizzle-orm';
import type { Db, Queries } from '../db/open-database.ts';
import { EVENT_COLUMNS, type RawEvent } from './event-facts.ts';

/**
 * Which events a fold has folded and which come next: the one place where the rollups differ
 * between the databases (docs/decisions.md, "Asynchronous data access on both databases", the fold).
 *
 * SQLite has one writer at a time: an event's id is taken and committed before any other write
 * begins, so the events above the last id folded are exactly those not folded yet, in id order.
 *
 * PostgreSQL commits inserts in any order: an event with a low id may commit after a fold has read
 * higher ones. So, as PgQ cuts its batches, a position is a snapshot: every event whose writing
 * transaction (`visitor_events.xact_id`) the `folded` snapshot sees is folded. A fold takes a newer
 * snapshot (`folding`) and reads the events it sees that `folded` does not, in (xact_id, id) order,
 * a batch per transaction, (`xact`, `id`) marking the last one folded; once they are all read,
 * `folding` becomes `folded`. An insert in flight is simply not seen yet, and is read in a later
 * snapshot's turn: no insert waits for a fold, and no fold for an insert.
 */

/** `pg_current_snapshot()`: the transactions below `xmin` have ended, none from `xmax` on had begun, those in `xip` were running. */
export type Snapshot = { xmin: number; xmax: number; xip: readonly number[] };

/**
 * The events folded: those `folded` sees, and those `folding` sees up to (`xact`, `id`) in
 * (xact_id, id) order. On SQLite only `id` is used: the events up to it.
 */
export type FoldPosition = { folded: Snapshot | null; folding: Snapshot | null; xact: number; id: number };

/** (xact_id, id) of the last event a rebuild has refolded. */
export type FoldCursor = { xact: number; id: number };

export const NOTHING_FOLDED: FoldPosition = { folded: null, folding: null, xact: 0, id: 0 };
const START: FoldCursor = { xact: 0, id: 0 };

/** A row of `analytics_rollup_state`: `live`'s position, or a rebuild's progress and its target (where `live` was when it began). */
export type FoldState = { position: FoldPosition; target: FoldPosition | null };

/** PostgreSQL's answer when a fold's state row is held by another fold (`FOR UPDATE NOWAIT`). */
const LOCK_NOT_AVAILABLE = '55P03';

function parseSnapshot(text: string | null): Snapshot | null {
  if (text === null) return null;
  const [xmin, xmax, xip] = text.split(':');
  const number = (value: string | undefined) => {
    const parsed = Number(value);
    if (!Number.isSafeInteger(parsed)) throw new Error(`not a snapshot: ${text}`);
    return parsed;
  };
  return { xmin: number(xmin), xmax: number(xmax), xip: xip ? xip.split(',').map(number) : [] };
}

const snapshotText = (snapshot: Snapshot | null) => (snapshot ? `${snapshot.xmin}:${snapshot.xmax}:${snapshot.xip.join(',')}` : null);

type StateRow = { lastXact: number; lastEventId: number; targetXact: number | null; targetEventId: number | null; folded: string | null; folding: string | null };

/**
 * The state row `name` in the fold's transaction, taken for it: on PostgreSQL `FOR UPDATE NOWAIT`,
 * so a second fold of the same row gives way at once (foldBusy) instead of working on a snapshot the
 * first is about to make stale; on SQLite the IMMEDIATE transaction already holds the only write lock.
 */
export async function readFoldState(tx: Queries, name: string, postgres: boolean): Promise<FoldState | undefined> {
  const row = await tx.get<StateRow | undefined>(
    sql`SELECT last_xact AS "lastXact", last_event_id AS "lastEventId", target_xact AS "targetXact", target_event_id AS "targetEventId",
          folded_snapshot AS "folded", folding_snapshot AS "folding"
        FROM analytics_rollup_state WHERE name = ${name}${postgres ? sql` FOR UPDATE NOWAIT` : sql``}`,
  );
  if (!row) return undefined;
  const folded = parseSnapshot(row.folded);
  const folding = parseSnapshot(row.folding);
  if (row.targetEventId === null) return { position: { folded, folding, xact: row.lastXact, id: row.lastEventId }, target: null };
  return { position: { ...NOTHING_FOLDED, xact: row.lastXact, id: row.lastEventId }, target: { folded, folding, xact: row.targetXact ?? 0, id: row.targetEventId } };
}

/** Writes `live`'s position (target null), or a rebuild's progress (`position`'s xact and id) and target. */
export async function writeFoldState(tx: Queries, name: string, state: FoldState): Promise<void> {
  const { position, target } = state;
  const snapshots = target ?? position;
  await tx.run(
    sql`INSERT INTO analytics_rollup_state (name, last_xact, last_event_id, target_xact, target_event_id, folded_snapshot, folding_snapshot)
        VALUES (${name}, ${position.xact}, ${position.id}, ${target?.xact ?? null}, ${target?.id ?? null}, ${snapshotText(snapshots.folded)}, ${snapshotText(snapshots.folding)})
        ON CONFLICT (name) DO UPDATE SET last_xact = excluded.last_xact, last_event_id = excluded.last_event_id, target_xact = excluded.target_xact,
          target_event_id = excluded.target_event_id, folded_snapshot = excluded.folded_snapshot, folding_snapshot = excluded.folding_snapshot`,
  );
}

/** Whether a fold's transaction failed because another fold holds its state row (PostgreSQL). */
export function foldBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === LOCK_NOT_AVAILABLE;
}

/**
 * Waits, outside any transaction, until the fold holding state row `name` has committed: the row lock
 * is taken and let go by one statement, so the snapshot of the transaction tried next is taken after
 * that commit (a snapshot taken before the wait would make it fail as a conflict once it got the row).
 */
export async function waitForFold(db: Db, name: string): Promise<void> {
  await db.run(sql`SELECT name FROM analytics_rollup_state WHERE name = ${name} FOR UPDATE`);
}

/** The raw events as `RawEvent` names them: the camelCase aliases quoted, or PostgreSQL would fold them to lower case. */
const SELECT_EVENTS = sql.raw(`SELECT ${EVENT_COLUMNS} FROM visitor_events`);

const list = (values: readonly number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The events whose writing transaction `snapshot` sees (none for no snapshot). */
function seenBy(snapshot: Snapshot | null): SQL {
  if (!snapshot) return sql`FALSE`;
  const running = snapshot.xip.length > 0 ? sql` AND xact_id NOT IN (${list(snapshot.xip)})` : sql``;
  return sql`(xact_id < ${snapshot.xmin} OR (xact_id < ${snapshot.xmax}${running}))`;
}

/** The events `folding` sees and `folded` does not, written so the (xact_id, id) index bounds the scan. */
function seenSince(folded: Snapshot | null, folding: Snapshot): SQL {
  const since = folded ? sql` AND xact_id >= ${folded.xmin} AND NOT ${seenBy(folded)}` : sql``;
  return sql`xact_id < ${folding.xmax} AND ${seenBy(folding)}${since}`;
}

async function currentSnapshot(tx: Queries): Promise<Snapshot> {
  const row = await tx.get<{ snapshot: string }>(sql`SELECT pg_current_snapshot()::text AS snapshot`);
  return parseSnapshot(row!.snapshot)!;
}

/**
 * The next batch of at most `size` events `live` has not folded, in the fold's transaction, and the
 * position once they are. On PostgreSQL a position between snapshots takes the transaction's own
 * snapshot as the next one to fold up to; a batch short of `size` ends that snapshot's turn.
 */
export async function nextEvents(tx: Queries, postgres: boolean, position: FoldPosition, size: number): Promise<{ rows: RawEvent[]; next: FoldPosition }> {
  if (!postgres) {
    const rows = await tx.all<RawEvent>(sql`${SELECT_EVENTS} WHERE id > ${position.id} ORDER BY id LIMIT ${size}`);
    return { rows, next: { ...NOTHING_FOLDED, id: rows.at(-1)?.id ?? position.id } };
  }
  const folding = position.folding ?? (await currentSnapshot(tx));
  const after = position.folding ? position : START;
  const rows = await tx.all<RawEvent>(sql`${SELECT_EVENTS} WHERE ${seenSince(position.folded, folding)} AND (xact_id, id) > (${after.xact}, ${after.id}) ORDER BY xact_id, id LIMIT ${size}`);
  const last = rows.at(-1);
  if (rows.length < size || !last) return { rows, next: { folded: folding, folding: null, xact: 0, id: 0 } };
  return { rows, next: { folded: position.folded, folding, xact: last.xact, id: last.id } };
}

/** The events `target` says `live` had folded, past `after`, of one site or all: what a rebuild refolds. */
function toRefold(postgres: boolean, target: FoldPosition, after: FoldCursor, siteId: string | undefined): SQL {
  const site = siteId === undefined ? sql`` : sql`site_id = ${siteId} AND `;
  if (!postgres) return sql`${site}id > ${after.id} AND id <= ${target.id}`;
  const bound = Math.max(target.folded?.xmax ?? 0, target.folding?.xmax ?? 0);
  const upTo = target.folding ? sql` OR (${seenBy(target.folding)} AND (xact_id, id) <= (${target.xact}, ${target.id}))` : sql``;
  return sql`${site}(xact_id, id) > (${after.xact}, ${after.id}) AND xact_id < ${bound} AND (${seenBy(target.folded)}${upTo})`;
}

/** The next batch of at most `size` events a rebuild at `after` refolds, in the order `live` reads them. */
export async function eventsToRefold(tx: Queries, postgres: boolean, target: FoldPosition, after: FoldCursor, siteId: string | undefined, size: number): Promise<RawEvent[]> {
  const order = postgres ? sql`xact_id, id` : sql`id`;
  return await tx.all<RawEvent>(sql`${SELECT_EVENTS} WHERE ${toRefold(postgres, target, after, siteId)} ORDER BY ${order} LIMIT ${size}`);
}

/** How many events a rebuild refolds from its start: its progress bar's end. */
export async function countToRefold(db: Queries, postgres: boolean, target: FoldPosition, siteId: string | undefined): Promise<number> {
  const row = await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM visitor_events WHERE ${toRefold(postgres, target, START, siteId)}`);
  return Number(row?.n ?? 0);
}
