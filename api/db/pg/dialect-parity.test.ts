import { getTableName, is, SQL } from 'drizzle-orm';
import { type PgColumn, PgDialect, getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { type SQLiteColumn, getTableConfig as sqliteConfig, SQLiteBoolean, type SQLiteTable, SQLiteTextJson, SQLiteTimestamp } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { announcements } from '../schema-announcements.ts';
import { sqliteTables } from '../sqlite-tables.ts';
import * as pgSchema from './schema.ts';

const pgTables = new Map<string, PgTable>();
for (const value of Object.values(pgSchema) as unknown[]) if (is(value, PgTable)) pgTables.set(getTableName(value), value);
/** Every SQLite table with its PostgreSQL twin of the same name (scripts/pg-schema.ts writes them). */
const PAIRS: [SQLiteTable, PgTable | undefined][] = Object.values(sqliteTables).map((table) => [table, pgTables.get(getTableName(table))]);

/**
 * What a column holds, in either dialect: SQLite's booleans (0/1), times (milliseconds) and JSON
 * (text) are PostgreSQL's own boolean, timestamptz and jsonb; its other integers bigint, blobs bytea, reals double precision.
 */
function holds(column: SQLiteColumn | PgColumn): string {
  if (is(column, SQLiteBoolean)) return 'boolean';
  if (is(column, SQLiteTimestamp)) return `time in ${column.mode}`;
  if (is(column, SQLiteTextJson)) return 'json';
  const type = column.getSQLType();
  const postgres: Record<string, string> = {
    boolean: 'boolean',
    'timestamp (3) with time zone': 'time in timestamp_ms',
    jsonb: 'json',
    bigint: 'integer',
    bytea: 'blob',
    'double precision': 'real',
  };
  return postgres[type] ?? type;
}

type Config = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>;

function meaning(config: Config) {
  return {
    name: config.name,
    columns: config.columns
      .map((column) => ({ name: column.name, holds: holds(column), notNull: column.notNull, primary: column.primary, unique: column.isUnique, hasDefault: column.hasDefault }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
    uniqueConstraints: config.uniqueConstraints.map((key) => key.columns.map((column) => column.name)),
    checks: config.checks.map((check) => check.name),
    indexes: config.indexes
      .map((index) => ({
        name: index.config.name ?? '',
        unique: index.config.unique,
        partial: Boolean(index.config.where),
        on: index.config.columns.map((column) => ('name' in column ? column.name : 'expression')),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    foreignKeys: config.foreignKeys
      .map((key) => {
        const reference = key.reference();
        return {
          columns: reference.columns.map((c) => c.name),
          table: getTableName(reference.foreignTable),
          foreignColumns: reference.foreignColumns.map((c) => c.name),
          onDelete: key.onDelete ?? 'no action',
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
  };
}

describe('the PostgreSQL schema', () => {
  it('has a twin of every SQLite table and no other table (else run npm run db:generate)', () => {
    expect([...pgTables.keys()].sort()).toEqual(PAIRS.map(([lite]) => getTableName(lite)).sort());
  });

  it.each(PAIRS.map(([lite, pg]) => [sqliteConfig(lite).name, lite, pg] as const))('%s has the same columns, keys, indexes and references as SQLite', (_name, lite, pg) => {
    expect(pg && meaning(pgConfig(pg))).toEqual(meaning(sqliteConfig(lite)));
  });

  it("gives booleans, times and JSON PostgreSQL's own types", () => {
    const types = (table: PgTable) => Object.fromEntries(pgConfig(table).columns.map((column) => [column.name, column.getSQLType()]));
    expect(types(pgSchema.accounts)).toMatchObject({ must_change_password: 'boolean', created_at: 'timestamp (3) with time zone', updated_at: 'timestamp (3) with time zone' });
    expect(types(pgSchema.sites)).toMatchObject({ settings: 'jsonb', translations: 'jsonb', number_horizontal: 'bigint' });
    expect(types(pgSchema.visitorEvents)).toMatchObject({ id: 'bigint', occurred_at: 'timestamp (3) with time zone' });
  });

  it("spells every SQL default in PostgreSQL's own functions", () => {
    const dialect = new PgDialect();
    const defaults = [...pgTables.values()].flatMap((table) => pgConfig(table).columns.flatMap((column) => (is(column.default, SQL) ? [dialect.sqlToQuery(column.default).sql] : [])));
    expect(new Set(defaults)).toEqual(new Set(['clock_timestamp()', "'{}'"]));
  });

  it('tells a column that stores something else apart', () => {
    const changed = meaning(pgConfig(pgSchema.announcements));
    changed.columns[0] = { ...changed.columns[0]!, notNull: !changed.columns[0]!.notNull };
    expect(changed).not.toEqual(meaning(sqliteConfig(announcements)));
  });
});
