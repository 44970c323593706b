import { Column, is, SQL, type SQLChunk, sql } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { QueryTypingsValue, QueryWithTypings } from 'drizzle-orm/sql';
import { SQLiteAsyncDialect, type SQLiteInsertConfig, SQLiteTimestamp } from 'drizzle-orm/sqlite-core';
import { writingFor } from '../dialect-sql.ts';

/**
 * drizzle's SQLite query builder speaking PostgreSQL where the two differ in what the builder
 * writes: numbered parameters, a conflict target naming bare columns (PostgreSQL refuses
 * `"sites"."id"` there), the fragments of dialect-sql.ts in their PostgreSQL spelling, and a time
 * column's value (milliseconds, as the SQLite column gives it) as the instant a `timestamptz` takes.
 * Everything else the builder writes (quoted names, `returning`, `limit`, `on conflict … do update`)
 * is the same in both.
 */
export class PostgresDialect extends SQLiteAsyncDialect {
  /** No casing is configured (the SQLite dialect's own cache is internal to drizzle): names are written as declared. */
  readonly #casing = new CasingCache();

  /** A Date passed to a hand-written query is an instant wherever it stands (in a VALUES list PostgreSQL would take it for text). */
  override escapeParam(num: number, value?: unknown): string {
    return value instanceof Date ? `$${num + 1}::timestamptz` : `$${num + 1}`;
  }

  override buildInsertQuery(config: SQLiteInsertConfig): SQL {
    return super.buildInsertQuery({ ...config, onConflict: config.onConflict?.map(bareConflictTarget) });
  }

  override sqlToQuery(statement: SQL, invokeSource?: 'indexes'): QueryWithTypings {
    const query = writingFor('postgres', () =>
      statement.toQuery({
        casing: this.#casing,
        escapeName: this.escapeName,
        escapeParam: this.escapeParam,
        escapeString: this.escapeString,
        prepareTyping: typingOf,
        invokeSource,
      }),
    );
    const { typings } = query;
    if (!typings?.includes('timestamp')) return query;
    return { ...query, params: query.params.map((value, index) => (typings[index] === 'timestamp' && typeof value === 'number' ? new Date(value) : value)) };
  }
}

/** A parameter bound to a time column (`integer({ mode: 'timestamp_ms' })`): its milliseconds go as a Date, which node-postgres writes as an instant. */
const typingOf = (encoder: unknown): QueryTypingsValue => (is(encoder, SQLiteTimestamp) && encoder.mode === 'timestamp_ms' ? 'timestamp' : 'none');

/** ` on conflict (<columns>) …`: the columns as bare names. */
function bareConflictTarget(clause: SQL): SQL {
  const chunks = clause.queryChunks.map((chunk) => (is(chunk, SQL) ? new SQL(chunk.queryChunks.map(bareColumns)) : chunk));
  return new SQL(chunks);
}

function bareColumns(chunk: SQLChunk): SQLChunk {
  if (Array.isArray(chunk)) return chunk.map(bareColumns);
  return is(chunk, Column) ? sql.identifier(chunk.name) : chunk;
}
