import type Database from 'better-sqlite3';
import type { Db } from '../db/open-database.ts';
import { foldExposures } from '../experiments/fold-exposures.ts';
import { type ArmOf, EVENT_COLUMNS, factsOf, NO_ARM, type RawEvent } from './event-facts.ts';
import { prepareRollupStatements, RollupBatch, type RollupStatements } from './rollup-batch.ts';
import { VISIT_MEMORY_MS, VisitBook } from './visit-book.ts';

/** Events folded per transaction: big enough that upserts amortise, small enough that ingest waits a few tens of ms at most. */
export const ROLLUP_BATCH = 5_000;

export const LIVE = 'live';

type Prepared = {
  statements: RollupStatements;
  readState: Database.Statement;
  writeState: Database.Statement;
  liveEvents: Database.Statement;
  siteEvents: Database.Statement;
  pruneVisits: Database.Statement;
};

const prepared = new WeakMap<Database.Database, Prepared>();

function prepare(sqlite: Database.Database): Prepared {
  let found = prepared.get(sqlite);
  if (!found) {
    const select = `SELECT ${EVENT_COLUMNS} FROM visitor_events`;
    found = {
      statements: prepareRollupStatements(sqlite),
      readState: sqlite.prepare('SELECT last_event_id AS lastEventId, target_event_id AS targetEventId FROM analytics_rollup_state WHERE name = ?'),
      writeState: sqlite.prepare(
        'INSERT INTO analytics_rollup_state (name, last_event_id, target_event_id) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET last_event_id = excluded.last_event_id, target_event_id = excluded.target_event_id',
      ),
      liveEvents: sqlite.prepare(`${select} WHERE id > ? ORDER BY id LIMIT ?`),
      siteEvents: sqlite.prepare(`${select} WHERE site_id = ? AND id > ? AND id <= ? ORDER BY id LIMIT ?`),
      // Not while a rebuild of every site runs, nor a site's own: a rebuild refolds old visits, which must stay until it is done.
      pruneVisits: sqlite.prepare(
        `DELETE FROM analytics_visits WHERE landing_at < ?
           AND NOT EXISTS (SELECT 1 FROM analytics_rollup_state WHERE name = 'rebuild:*')
           AND site_id NOT IN (SELECT substr(name, 9) FROM analytics_rollup_state WHERE name LIKE 'rebuild:%')`,
      ),
    };
    prepared.set(sqlite, found);
  }
  return found;
}

type State = { lastEventId: number; targetEventId: number | null };

function readState(p: Prepared, name: string): State | undefined {
  return p.readState.get(name) as State | undefined;
}

function fold(sqlite: Database.Database, p: Prepared, rows: readonly RawEvent[], armOf: ArmOf): number {
  const batch = new RollupBatch();
  const visits = new VisitBook(sqlite);
  let last = 0;
  for (const row of rows) {
    for (const fact of factsOf(row, visits, armOf)) batch.add(fact);
    last = row.id;
  }
  batch.write(p.statements);
  visits.flush();
  foldExposures(sqlite, rows);
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
 * killed midway loses nothing. SQLite commits ids in order (one writer), so no event can appear
 * later below the watermark.
 */
export function runRollup(db: Db, options: RollupOptions & { maxBatches?: number } = {}): RollupRun {
  const p = prepare(db.$client);
  const size = options.batch ?? ROLLUP_BATCH;
  let events = 0;
  let lastEventId = 0;
  const step = db.$client.transaction(() => {
    const from = readState(p, LIVE)?.lastEventId ?? 0;
    const rows = p.liveEvents.all(from, size) as RawEvent[];
    if (rows.length === 0) {
      lastEventId = from;
      return 0;
    }
    lastEventId = fold(db.$client, p, rows, options.armOf ?? NO_ARM);
    p.writeState.run(LIVE, lastEventId, null);
    p.pruneVisits.run(rows.at(-1)!.at - VISIT_MEMORY_MS);
    return rows.length;
  });
  for (let n = 0; n < (options.maxBatches ?? Number.POSITIVE_INFINITY); n++) {
    const folded = step.immediate();
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
export function rebuildRollups(db: Db, options: RollupOptions & { siteId?: string; onProgress?: (done: number, target: number) => void } = {}): { events: number } {
  const p = prepare(db.$client);
  const size = options.batch ?? ROLLUP_BATCH;
  const name = `rebuild:${options.siteId ?? '*'}`;
  db.$client
    .transaction(() => {
      const target = readState(p, LIVE)?.lastEventId ?? 0;
      for (const table of ROLLUP_TABLES) {
        if (options.siteId) db.$client.prepare(`DELETE FROM ${table} WHERE site_id = ?`).run(options.siteId);
        else db.$client.prepare(`DELETE FROM ${table}`).run();
      }
      p.writeState.run(name, 0, target);
    })
    .immediate();
  const everySite = db.$client.prepare(`SELECT ${EVENT_COLUMNS} FROM visitor_events WHERE id > ? AND id <= ? ORDER BY id LIMIT ?`);
  let events = 0;
  const step = db.$client.transaction(() => {
    const state = readState(p, name);
    if (!state || state.targetEventId === null) return 0;
    const rows = (options.siteId ? p.siteEvents.all(options.siteId, state.lastEventId, state.targetEventId, size) : everySite.all(state.lastEventId, state.targetEventId, size)) as RawEvent[];
    if (rows.length === 0) {
      db.$client.prepare('DELETE FROM analytics_rollup_state WHERE name = ?').run(name);
      return 0;
    }
    p.writeState.run(name, fold(db.$client, p, rows, options.armOf ?? NO_ARM), state.targetEventId);
    options.onProgress?.(rows.at(-1)!.id, state.targetEventId);
    return rows.length;
  });
  for (;;) {
    const folded = step.immediate();
    events += folded;
    if (folded === 0) break;
  }
  return { events };
}
