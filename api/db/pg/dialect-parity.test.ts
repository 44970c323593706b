import { getTableName } from 'drizzle-orm';
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { accounts } from '../schema.ts';
import { announcementReads, announcements } from '../schema-announcements.ts';
import * as pgSchema from './schema.ts';

/** The pairs converted so far (docs/postgres-plan.md): every SQLite table gets its twin here. */
const PAIRS: [SQLiteTable, PgTable][] = [
  [accounts, pgSchema.accounts],
  [announcements, pgSchema.announcements],
  [announcementReads, pgSchema.announcementReads],
];

// What a column stores, in either dialect: SQLite integer (numbers, ms timestamps, 0/1 booleans) is a PostgreSQL integer or bigint.
const storage = (sqlType: string) => ({ bigint: 'integer', integer: 'integer', text: 'text' })[sqlType] ?? sqlType;

type Config = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>;

function meaning(config: Config) {
  return {
    name: config.name,
    columns: config.columns
      .map((column) => ({ name: column.name, stores: storage(column.getSQLType()), notNull: column.notNull, primary: column.primary, hasDefault: column.hasDefault }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
    indexes: config.indexes
      .map((index) => ({ name: index.config.name ?? '', unique: index.config.unique, on: index.config.columns.map((column) => ('name' in column ? column.name : 'expression')) }))
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
  it.each(PAIRS.map(([lite, pg]) => [sqliteConfig(lite).name, lite, pg] as const))('%s has the same columns, keys, indexes and references as SQLite', (_name, lite, pg) => {
    expect(meaning(pgConfig(pg))).toEqual(meaning(sqliteConfig(lite)));
  });

  it('tells a column that stores something else apart', () => {
    const changed = meaning(pgConfig(pgSchema.announcements));
    changed.columns[0] = { ...changed.columns[0]!, notNull: !changed.columns[0]!.notNull };
    expect(changed).not.toEqual(meaning(sqliteConfig(announcements)));
  });
});
