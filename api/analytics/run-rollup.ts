import { sql } from 'drizzle-orm';
import { type Db, onPostgres, type Queries } from '../db/open-database.ts';
import { foldExposures } from '../experiments/fold-exposures.ts';
import { type ArmOf, factsOf, NO_ARM, type RawEvent } from './event-facts.ts';
import { countToRefold, eventsToRefold, foldBusy, NOTHING_FOLDED, nextEvents, readFoldState, waitForFold, writeFoldState } from './fold-position.ts';
import { prepareRollupStatements, RollupBatch } from './rollup-batch.ts';
import { VISIT_MEMORY_MS, VisitBook } from './visit-book.ts';

/** Events folded per transaction: big enough that upserts amortise, small enough that ingest waits a few tens of ms at most. */
export const ROLLUP_BATCH = 5_000;

export const LIVE = 'live';

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

async function fold(db: Queries, rows: readonly RawEvent[], armOf: ArmOf): Promise<void> {
  const batch = new RollupBatch();
  const visits = new VisitBook(db);
  for (const row of rows) for (const fact of await factsOf(row, visits, armOf)) batch.add(fact);
  await batch.write(prepareRollupStatements(db));
  await visits.flush();
  await foldExposures(db, rows);
}

/**
 * One transaction of a fold whose state row is `name` (IMMEDIATE on SQLite: it holds the write lock
 * from its start). On PostgreSQL the work reads that row first, `FOR UPDATE NOWAIT`: when another
 * fold holds it, this one waits for that fold's commit outside any transaction and runs again, so
 * two folds of the same row take turns, each on a snapshot taken after the other's commit.
 */
async function inFoldTransaction<T>(db: Db, name: string, work: (tx: Queries) => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await db.transaction(work, { behavior: 'immediate' });
    } catch (error) {
      if (!foldBusy(error)) throw error;
      await waitForFold(db, name);
    }
  }
}

/** What a run may be told: batch size, and the A/B module's arm of an event (none by default). */
export type RollupOptions = { batch?: number; armOf?: ArmOf };

export type RollupRun = { events: number };

/**
 * Folds the events that arrived since the last run into the rollups, a batch per transaction:
 * each reads `live`'s position, adds the batch's sums and moves the position, so a batch is folded
 * exactly once however many runs overlap (every node's job, a rebuild script in another process),
 * and a run killed midway loses nothing. Which events come next, with inserts committing in any
 * order on PostgreSQL, is fold-position.ts's; no insert waits for a fold. A run returns once a batch
 * comes back short: every event committed before it began is then folded.
 */
export async function runRollup(db: Db, options: RollupOptions & { maxBatches?: number } = {}): Promise<RollupRun> {
  const size = options.batch ?? ROLLUP_BATCH;
  const postgres = onPostgres(db);
  let events = 0;
  for (let n = 0; n < (options.maxBatches ?? Number.POSITIVE_INFINITY); n++) {
    const folded = await inFoldTransaction(db, LIVE, async (tx) => {
      const position = (await readFoldState(tx, LIVE, postgres))?.position ?? NOTHING_FOLDED;
      const { rows, next } = await nextEvents(tx, postgres, position, size);
      // A PostgreSQL snapshot whose turn ended with nothing new is written all the same: the next one starts from it.
      if (rows.length === 0 && !postgres) return 0;
      if (rows.length > 0) await fold(tx, rows, options.armOf ?? NO_ARM);
      await writeFoldState(tx, LIVE, { position: next, target: null });
      if (rows.length > 0) await pruneVisits(tx, rows.at(-1)!.at - VISIT_MEMORY_MS);
      return rows.length;
    });
    events += folded;
    if (folded < size) break;
  }
  return { events };
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
 * drops the rollups and records where `live` had got (its position is the rebuild's target); the
 * events `live` had folded are then refolded a batch per transaction (progress kept in
 * `rebuild:{site}`, so a killed rebuild resumes), while `live` goes on folding newer events: the two
 * never fold the same event. Reports show the site's numbers growing back while it runs.
 * `onProgress` is told the events refolded so far and how many there are.
 */
export async function rebuildRollups(db: Db, options: RollupOptions & { siteId?: string; onProgress?: (done: number, total: number) => void } = {}): Promise<{ events: number }> {
  const size = options.batch ?? ROLLUP_BATCH;
  const postgres = onPostgres(db);
  const siteId = options.siteId;
  const name = `rebuild:${siteId ?? '*'}`;
  const target = await inFoldTransaction(db, LIVE, async (tx) => {
    // Taken for this transaction, so no fold of `live` moves it between this read and the rollups' drop.
    const live = (await readFoldState(tx, LIVE, postgres))?.position ?? NOTHING_FOLDED;
    // The table names are this file's constants.
    for (const table of ROLLUP_TABLES) {
      if (siteId) await tx.run(sql`DELETE FROM ${sql.raw(table)} WHERE site_id = ${siteId}`);
      else await tx.run(sql`DELETE FROM ${sql.raw(table)}`);
    }
    await writeFoldState(tx, name, { position: NOTHING_FOLDED, target: live });
    return live;
  });
  const total = options.onProgress ? await countToRefold(db, postgres, target, siteId) : 0;
  let events = 0;
  for (;;) {
    const folded = await inFoldTransaction(db, name, async (tx) => {
      const state = await readFoldState(tx, name, postgres);
      if (!state?.target) return 0;
      const rows = await eventsToRefold(tx, postgres, state.target, state.position, siteId, size);
      if (rows.length === 0) {
        await tx.run(sql`DELETE FROM analytics_rollup_state WHERE name = ${name}`);
        return 0;
      }
      await fold(tx, rows, options.armOf ?? NO_ARM);
      const last = rows.at(-1)!;
      await writeFoldState(tx, name, { position: { ...NOTHING_FOLDED, xact: last.xact, id: last.id }, target: state.target });
      return rows.length;
    });
    events += folded;
    if (folded === 0) break;
    options.onProgress?.(events, total);
  }
  return { events };
}
