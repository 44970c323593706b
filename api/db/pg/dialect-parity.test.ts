import { getTableName, is } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { announcements } from '../schema-announcements.ts';
import { sqliteTables } from '../sqlite-tables.ts';
import * as pgSchema from './schema.ts';

const pgTables = new Map<string, PgTable>();
for (const value of Object.values(pgSchema) as unknown[]) if (is(value, PgTable)) pgTables.set(getTableName(value), value);
/** Every SQLite table with its PostgreSQL twin of the same name (scripts/pg-schema.ts writes them). */
const PAIRS: [SQLiteTable, PgTable | undefined][] = Object.values(sqliteTables).map((table) => [table, pgTables.get(getTableName(table))]);

// What a column stores, in either dialect: SQLite integer (numbers, ms timestamps, 0/1 booleans) is a PostgreSQL bigint, blob bytea, real double precision.
const storage = (sqlType: string) => ({ bigint: 'integer', integer: 'integer', text: 'text', bytea: 'blob', 'double precision': 'real' })[sqlType] ?? sqlType;

type Config = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>;

function meaning(config: Config) {
  return {
    name: config.name,
    columns: config.columns
      .map((column) => ({ name: column.name, stores: storage(column.getSQLType()), notNull: column.notNull, primary: column.primary, unique: column.isUnique, hasDefault: column.hasDefault }))
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

  it('tells a column that stores something else apart', () => {
    const changed = meaning(pgConfig(pgSchema.announcements));
    changed.columns[0] = { ...changed.columns[0]!, notNull: !changed.columns[0]!.notNull };
    expect(changed).not.toEqual(meaning(sqliteConfig(announcements)));
  });
});
