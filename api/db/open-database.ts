import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations } from 'drizzle-orm/relations';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { databaseOver } from './async-database.ts';
import { type Db, type Queries, schema } from './queries.ts';
import { assignMissingHandles } from './site-handles.ts';
import { migratePostgres } from './pg/migrate-postgres.ts';
import { PostgresDialect } from './pg/postgres-dialect.ts';
import { DEFAULT_POSTGRES_SETTINGS, PostgresEngine, type PostgresSettings } from './pg/postgres-engine.ts';
import { BUSY_WAIT_MS, SqliteEngine } from './sqlite-engine.ts';

export { schema };
export type { Db, Queries };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const relational = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relationalConfig = { fullSchema: schema, schema: relational.tables as ExtractTablesWithRelations<typeof schema>, tableNamesMap: relational.tableNamesMap };

/** Whether a database target names a PostgreSQL server (`postgres://…`) rather than a SQLite file. */
export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//.test(target);

/** Whether this database runs on PostgreSQL: the few things SQLite-only (online backup) ask first. */
export const onPostgres = (db: Db) => db.$engine.dialect === 'postgres';

/** The SQLite file's own connection, for what only SQLite offers (an online backup); null on PostgreSQL. */
export const sqliteClientOf = (db: Db): Database.Database | null => (db.$engine instanceof SqliteEngine ? db.$engine.client : null);

/** Closes the database: SQLite's file, or every pooled PostgreSQL connection. */
export const closeDatabase = (db: Db): Promise<void> => db.$engine.close();

/**
 * Opens the database with every migration applied: a `postgres://` URL as a pool of connections
 * (`postgres`: its size and statement timeout), anything else as a SQLite file (created if needed) in WAL mode.
 */
export async function openDatabase(target: string, postgres: PostgresSettings = DEFAULT_POSTGRES_SETTINGS): Promise<Db> {
  if (isPostgresUrl(target)) {
    const engine = new PostgresEngine(target, postgres);
    try {
      await migratePostgres(engine.pool);
    } catch (error) {
      await engine.close();
      throw error;
    }
    return withHandles(Object.assign(databaseOver<typeof schema>(engine, new PostgresDialect(), relationalConfig), { $engine: engine }));
  }
  const file = target;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  migrate(drizzle({ client: sqlite }), { migrationsFolder });
  const engine = new SqliteEngine(sqlite);
  return withHandles(Object.assign(databaseOver<typeof schema>(engine, new SQLiteAsyncDialect(), relationalConfig), { $engine: engine }));
}

async function withHandles(db: Db): Promise<Db> {
  await assignMissingHandles(db);
  return db;
}
