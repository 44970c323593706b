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

export const schema = { ...coreSchema, ...identitySchema, ...visitorSchema, ...accessSchema, ...sharingSchema, ...announcementSchema, ...analyticsSchema, ...billingSchema };

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** What both the database and one of its transactions offer: a function that only queries takes this, so it runs inside a caller's transaction too. */
export type Queries = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;

/**
 * A database of either driver: better-sqlite3 answers at once, the PostgreSQL one (pg/open-postgres.ts)
 * with a promise. A function written against this awaits every query, so it runs on both
 * (docs/postgres-plan.md).
 */
export type AnyQueries = BaseSQLiteDatabase<'sync' | 'async', unknown, typeof schema>;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens (creating if needed) the SQLite file, in WAL mode, with every migration applied. */
export function openDatabase(file: string): Db {
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
