import { sql } from 'drizzle-orm';
import { type Db, onPostgres, type Queries } from '../db/open-database.ts';
import { foldExposures } from '../experiments/fold-exposures.ts';
import { EVENT_ORDER_LOCK } from '../visitor/event-insert.ts';
import { type ArmOf, EVENT_COLUMNS, factsOf, NO_ARM, type RawEvent } from './event-facts.ts';
import { prepareRollupStatements, RollupBatch } from './rollup-batch.ts';
import { VISIT_MEMORY_MS, VisitBook } from './visit-book.ts';

/** Events folded per transaction: big enough that upserts amortise, small enough that ingest waits a few tens of ms at most. */
export const ROLLUP_BATCH = 5_000;

export const LIVE = 'live';

/** The raw events as `RawEvent` names them (event-facts.ts quotes the camelCase aliases). */
const SELECT_EVENTS = sql.raw(`SELECT ${EVENT_COLUMNS} FROM visitor_events`);

type State = { lastEventId: number; targetEventId: number | null };

async function readState(db: Queries, name: string): Promise<State | undefined> {
  return await db.get<State | undefined>(sql`SELECT last_event_id AS "lastEventId", target_event_id AS "targetEventId" FROM analytics_rollup_state WHERE name = ${name}`);
}

async function writeState(db: Queries, name: string, lastEventId: number, targetEventId: number | null): Promise<void> {
  await db.run(
    sql`INSERT INTO analytics_rollup_state (name, last_event_id, target_event_id) VALUES (${name}, ${lastEventId}, ${targetEventId})
        ON CONFLICT (name) DO UPDATE SET last_event_id = excluded.last_event_id, target_event_id = excluded.target_event_id`,
  );
}

/**
 * Forgets the visits that landed before `before`. Not while a rebuild of every site runs, nor for a
 * site being rebuilt: a rebuild refolds old visits, which must stay until it is done.
 */
async function pruneVisits(db: Queries, before: number): Promise<void> {
  await db.run(
    sql`DELETE FROM analytics_visits WHERE landing_at < ${before}
          AND NOT EXISTS (SELECT 1 FROM analytics_rollup_state WHERE name = 'rebuild:*')
          AND site_id NOT IN (SELECT substr(name, 9) FROM analytics_rollup_state WHERE name LIKE 'rebuild:%')`,
  );
}

/**
 * The first statement of every fold transaction on PostgreSQL: EVENT_ORDER_LOCK, exclusive. It waits
 * for the inserts in flight (they hold it shared) and for any other fold, so, as with SQLite's
 * IMMEDIATE transactions, no event commits below the watermark once read and no two folds of
 * any process read the same watermark. SQLite needs nothing: `behavior: 'immediate'` is its lock.
 */
async function lockFold(db: Queries, postgres: boolean): Promise<void> {
  if (postgres) await db.run(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(EVENT_ORDER_LOCK))})`);
}

async function fold(db: Queries, rows: readonly RawEvent[], armOf: ArmOf): Promise<number> {
  const batch = new RollupBatch();
  const visits = new VisitBook(db);
  let last = 0;
  for (const row of rows) {
    for (const fact of await factsOf(row, visits, armOf)) batch.add(fact);
    last = row.id;
  }
  await batch.write(prepareRollupStatements(db));
  await visits.flush();
  await foldExposures(db, rows);
  return last;
}

/** What a run may be told: batch size, and the A/B module's arm of an event (none by default). */
export type RollupOptions = { batch?: number; armOf?: ArmOf };

export type RollupRun = { events: number; lastEventId: number };

/**
 * Folds the events that arrived since the last run into the rollups, a batch per transaction.
 * Each transaction is IMMEDIATE (takes the write lock before reading the watermark), reads the
 * watermark, adds the batch's sums and moves the watermark, so a batch is folded exactly once
 * however many runs overlap (the server's job, a rebuild script in another process), and a run
 * killed midway loses nothing. SQLite commits ids in order (one writer), and on PostgreSQL a fold
 * waits for the inserts in flight (lockFold), so no event can appear later below the watermark.
 */
export async function runRollup(db: Db, options: RollupOptions & { maxBatches?: number } = {}): Promise<RollupRun> {
  const size = options.batch ?? ROLLUP_BATCH;
  const postgres = onPostgres(db);
  let events = 0;
  let lastEventId = 0;
  for (let n = 0; n < (options.maxBatches ?? Number.POSITIVE_INFINITY); n++) {
    const folded = await db.transaction(
      async (tx) => {
        await lockFold(tx, postgres);
        const from = (await readState(tx, LIVE))?.lastEventId ?? 0;
        const rows = await tx.all<RawEvent>(sql`${SELECT_EVENTS} WHERE id > ${from} ORDER BY id LIMIT ${size}`);
        if (rows.length === 0) {
          lastEventId = from;
          return 0;
        }
        lastEventId = await fold(tx, rows, options.armOf ?? NO_ARM);
        await writeState(tx, LIVE, lastEventId, null);
        await pruneVisits(tx, rows.at(-1)!.at - VISIT_MEMORY_MS);
        return rows.length;
      },
      { behavior: 'immediate' },
    );
    events += folded;
    if (folded < size) break;
  }
  return { events, lastEventId };
}

const ROLLUP_TABLES = [
  'analytics_cell_rollups',
  'analytics_site_rollups',
  'analytics_edges',
  'analytics_taps',
  'analytics_campaign_clicks',
  'analytics_visitor_sketches',
  'analytics_visits',
  'experiment_exposures',
] as const;

/**
 * Rebuilds one site's rollups (or every site's) from its raw events. The first transaction
 * drops the rollups and records how far `live` had got; the events up to there are then refolded
 * a batch per transaction (progress kept in `rebuild:{site}`, so a killed rebuild resumes), while
 * `live` goes on folding newer events: the two never fold the same event. Reports show the
 * site's numbers growing back while it runs.
 */
export async function rebuildRollups(db: Db, options: RollupOptions & { siteId?: string; onProgress?: (done: number, target: number) => void } = {}): Promise<{ events: number }> {
  const size = options.batch ?? ROLLUP_BATCH;
  const postgres = onPostgres(db);
  const siteId = options.siteId;
  const name = `rebuild:${siteId ?? '*'}`;
  await db.transaction(
    async (tx) => {
      await lockFold(tx, postgres);
      const target = (await readState(tx, LIVE))?.lastEventId ?? 0;
      // The table names are this file's constants.
      for (const table of ROLLUP_TABLES) {
        if (siteId) await tx.run(sql`DELETE FROM ${sql.raw(table)} WHERE site_id = ${siteId}`);
        else await tx.run(sql`DELETE FROM ${sql.raw(table)}`);
      }
      await writeState(tx, name, 0, target);
    },
    { behavior: 'immediate' },
  );
  let events = 0;
  for (;;) {
    const folded = await db.transaction(
      async (tx) => {
        await lockFold(tx, postgres);
        const state = await readState(tx, name);
        if (!state || state.targetEventId === null) return 0;
        const rows = siteId
          ? await tx.all<RawEvent>(sql`${SELECT_EVENTS} WHERE site_id = ${siteId} AND id > ${state.lastEventId} AND id <= ${state.targetEventId} ORDER BY id LIMIT ${size}`)
          : await tx.all<RawEvent>(sql`${SELECT_EVENTS} WHERE id > ${state.lastEventId} AND id <= ${state.targetEventId} ORDER BY id LIMIT ${size}`);
        if (rows.length === 0) {
          await tx.run(sql`DELETE FROM analytics_rollup_state WHERE name = ${name}`);
          return 0;
        }
        await writeState(tx, name, await fold(tx, rows, options.armOf ?? NO_ARM), state.targetEventId);
        options.onProgress?.(rows.at(-1)!.id, state.targetEventId);
        return rows.length;
      },
      { behavior: 'immediate' },
    );
    events += folded;
    if (folded === 0) break;
  }
  return { events };
}
