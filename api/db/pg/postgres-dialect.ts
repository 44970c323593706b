import { Column, is, SQL, type SQLChunk, sql } from 'drizzle-orm';
import { SQLiteAsyncDialect, type SQLiteInsertConfig } from 'drizzle-orm/sqlite-core';

/**
 * drizzle's SQLite query builder speaking PostgreSQL where the two differ in what the builder
 * writes: numbered parameters, and a conflict target naming bare columns (PostgreSQL refuses
 * `"sites"."id"` there). Everything else the builder writes (quoted names, `returning`, `limit`,
 * `on conflict … do update`) is the same in both; hand-written fragments that differ live in dialect-sql.ts.
 */
export class PostgresDialect extends SQLiteAsyncDialect {
  override escapeParam(num: number): string {
    return `$${num + 1}`;
  }

  override buildInsertQuery(config: SQLiteInsertConfig): SQL {
    return super.buildInsertQuery({ ...config, onConflict: config.onConflict?.map(bareConflictTarget) });
  }
}

/** ` on conflict (<columns>) …`: the columns as bare names. */
function bareConflictTarget(clause: SQL): SQL {
  const chunks = clause.queryChunks.map((chunk) => (is(chunk, SQL) ? new SQL(chunk.queryChunks.map(bareColumns)) : chunk));
  return new SQL(chunks);
}

function bareColumns(chunk: SQLChunk): SQLChunk {
  if (Array.isArray(chunk)) return chunk.map(bareColumns);
  return is(chunk, Column) ? sql.identifier(chunk.name) : chunk;
}
