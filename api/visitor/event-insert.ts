import type Database from 'better-sqlite3';
import type { visitorEvents } from '../db/schema-visitor.ts';

export type EventRow = typeof visitorEvents.$inferInsert;

const COLUMNS =
  'site_id, kind, cell, to_cell, page_id, direction, value, tap_x, tap_y, target_id, sns_type, referrer_host, utm_source, utm_medium, utm_campaign, session_id, visit_id, variation_id, experiment_id, lang, device, occurred_at, received_at';
const COLUMN_COUNT = COLUMNS.split(', ').length;
const ROW_PLACEHOLDERS = `(${Array.from({ length: COLUMN_COUNT }, () => '?').join(', ')})`;
/** 50 rows are 1,150 parameters, far under SQLite's limit of 32,766. */
const ROWS_PER_INSERT = 50;

/** Appends a row's values in the insert's column order: what the event writer thread is sent (primitives clone fast). */
export function bindEventRow(values: unknown[], row: EventRow): void {
  values.push(
    row.siteId,
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
    row.sessionId,
    row.visitId,
    row.variationId ?? null,
    row.experimentId ?? null,
    row.lang ?? null,
    row.device,
    row.occurredAt.getTime(),
    row.receivedAt.getTime(),
  );
}

/**
 * Inserts rows given as bindEventRow's flat values (the caller holds the transaction), by
 * multi-row INSERTs of up to ROWS_PER_INSERT, one prepared statement per size: a statement run
 * per row cost a fifth more of SQLite's time per event, and building a drizzle query for a batch
 * more than SQLite's own work (bench/visitor.bench.ts, docs/decisions.md).
 */
export function prepareEventInsert(sqlite: Database.Database): (values: readonly unknown[]) => void {
  const statements = new Map<number, Database.Statement>();
  const statementOf = (rows: number) => {
    let statement = statements.get(rows);
    if (!statement) {
      statement = sqlite.prepare(`INSERT INTO visitor_events (${COLUMNS}) VALUES ${Array.from({ length: rows }, () => ROW_PLACEHOLDERS).join(', ')}`);
      statements.set(rows, statement);
    }
    return statement;
  };
  return (values) => {
    const step = ROWS_PER_INSERT * COLUMN_COUNT;
    for (let start = 0; start < values.length; start += step) {
      const chunk = values.slice(start, start + step);
      statementOf(chunk.length / COLUMN_COUNT).run(chunk);
    }
  };
}
