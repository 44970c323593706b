import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import * as coreSchema from './schema.ts';
import * as identitySchema from './schema-identity.ts';
import * as visitorSchema from './schema-visitor.ts';
import * as accessSchema from './schema-access.ts';
import * as analyticsSchema from './schema-analytics.ts';
import * as announcementSchema from './schema-announcements.ts';
import * as sharingSchema from './schema-sharing.ts';
import * as billingSchema from './schema-billing.ts';
import { assignMissingHandles } from './site-handles.ts';
import { migratePostgresSync } from './pg/migrate-sync.ts';
import { SyncPostgres } from './pg/sync-postgres.ts';

export const schema = { ...coreSchema, ...identitySchema, ...visitorSchema, ...accessSchema, ...sharingSchema, ...announcementSchema, ...analyticsSchema, ...billingSchema };

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** What both the database and one of its transactions offer: a function that only queries takes this, so it runs inside a caller's transaction too. */
export type Queries = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Whether a database target names a PostgreSQL server (`postgres://…`) rather than a SQLite file. */
export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//.test(target);

/** Whether this database runs on PostgreSQL: the few things SQLite-only (online backup, PRAGMA) ask first. */
export const onPostgres = (db: Db) => db.$client instanceof SyncPostgres;

/**
 * Opens the database with every migration applied: a `postgres://` URL through the synchronous
 * bridge (pg/sync-postgres.ts), anything else as a SQLite file (created if needed) in WAL mode.
 */
export function openDatabase(target: string): Db {
  if (isPostgresUrl(target)) return openPostgresDatabase(target);
  const file = target;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle({ client: sqlite, schema }) as Db;
  migrate(db, { migrationsFolder });
  assignMissingHandles(sqlite);
  return db;
}

function openPostgresDatabase(url: string): Db {
  const client = new SyncPostgres(url);
  migratePostgresSync(client);
  // The bridge offers the part of better-sqlite3's Database that drizzle's driver and the app call
  // (prepare with run/get/all/iterate/raw/pluck, transaction, exec, close); PRAGMA and backup are SQLite's own.
  const sqlite = client as unknown as Database.Database;
  const db = drizzle({ client: sqlite, schema }) as Db;
  assignMissingHandles(sqlite);
  return db;
}
