import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { SyncPostgres } from './sync-postgres.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 7_361_055_219;

/**
 * Applies api/db/pg/migrations in drizzle's own bookkeeping (`drizzle.__drizzle_migrations`, as its
 * node-postgres migrator keeps it), in one transaction under a lock, so that nodes starting together
 * migrate once. Returns how many migrations are applied in all.
 */
export function migratePostgresSync(client: SyncPostgres): number {
  const migrations = readMigrationFiles({ migrationsFolder });
  client.query('BEGIN');
  try {
    client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    client.query('CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)');
    const { rows } = client.query('SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1', [], true);
    const last = Number((rows[0] as unknown[] | undefined)?.[0] ?? 0);
    for (const migration of migrations) {
      if (migration.folderMillis <= last) continue;
      for (const statement of migration.sql) if (statement.trim()) client.query(statement);
      client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [migration.hash, migration.folderMillis]);
    }
    const { rows: count } = client.query('SELECT count(*) FROM drizzle.__drizzle_migrations', [], true);
    client.query('COMMIT');
    return Number((count[0] as unknown[])[0]);
  } catch (error) {
    client.query('ROLLBACK');
    throw error;
  }
}
