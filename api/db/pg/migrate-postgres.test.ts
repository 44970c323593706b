import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { closeDatabase, openDatabase } from '../open-database.ts';
import { accounts, sites } from '../schema.ts';
import { analyticsVisits } from '../schema-analytics.ts';
import { visitorEvents } from '../schema-visitor.ts';
import { withClient } from './test-database.ts';

const server = inject('postgresServer');
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The migrations up to and including `lastTag`, applied with migratePostgres's bookkeeping: a deployment of before that migration. */
async function migrateThrough(client: pg.Client, lastTag: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default.entries;
  const count = journal.findIndex((entry) => entry.tag === lastTag) + 1;
  if (count === 0) throw new Error(`no migration ${lastTag}`);
  await client.query('CREATE SCHEMA drizzle');
  await client.query('CREATE TABLE drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)');
  for (const migration of migrations.slice(0, count)) {
    for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
    await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [migration.hash, migration.folderMillis]);
  }
}

/** A database of its own on the suite's server, dropped after `work`. */
async function withDatabase(work: (url: string) => Promise<void>): Promise<void> {
  const name = `m_${randomUUID().replaceAll('-', '')}`;
  await withClient(`${server}postgres`, (client) => client.query(`CREATE DATABASE ${name}`));
  try {
    await work(`${server}${name}`);
  } finally {
    await withClient(`${server}postgres`, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

describe.skipIf(!server)('a PostgreSQL deployment of before the native types, migrated forward', () => {
  it('keeps its rows: 0/1 become booleans, milliseconds instants, JSON text jsonb', async () => {
    await withDatabase(async (url) => {
      await withClient(url, async (client) => {
        await migrateThrough(client, '0007_event-xact-trigger');
        // Rows as the bridge wrote them: booleans 0/1, times in milliseconds, JSON as text.
        await client.query(`INSERT INTO accounts (id, email, password_hash, account_type, must_change_password, license_issued, created_at, updated_at)
          VALUES ('a1', 'old@example.com', '', 'USER', 1, 0, 1700000000123, NULL)`);
        await client.query(`INSERT INTO sites (id, owner_id, name, handle, number_horizontal, number_vertical, settings, translations, published_at)
          VALUES ('s1', 'a1', 'Old', 'old', 2, 3, '{"title":"Shop","handle":"old","tags":["a",1]}', '{}', 1700000000999)`);
        await client.query(`INSERT INTO visitor_events (site_id, kind, cell, session_id, visit_id, device, occurred_at, received_at)
          VALUES ('s1', 'landing', 'A1', 'x', 'v', 'mobile', 1700000001000, 1700000001001)`);
        await client.query(`INSERT INTO analytics_visits (visit_id, site_id, landing_at, landing_cell, variant, lang, device, source, moved)
          VALUES ('v', 's1', 1700000001000, 'A1', '', '', 'mobile', '', 1)`);
      });

      const db = await openDatabase(url);
      try {
        const account = await db.select().from(accounts).where(eq(accounts.id, 'a1')).get();
        expect(account).toMatchObject({ mustChangePassword: true, licenseIssued: false, createdAt: new Date(1_700_000_000_123), updatedAt: null });
        const site = await db.select().from(sites).where(eq(sites.id, 's1')).get();
        expect(site).toMatchObject({ settings: { title: 'Shop', handle: 'old', tags: ['a', 1] }, translations: {}, publishedAt: new Date(1_700_000_000_999) });
        expect(await db.select({ id: visitorEvents.id, occurredAt: visitorEvents.occurredAt }).from(visitorEvents).all()).toEqual([{ id: 1, occurredAt: new Date(1_700_000_001_000) }]);
        expect(await db.select({ moved: analyticsVisits.moved }).from(analyticsVisits).all()).toEqual([{ moved: true }]);

        // What the app writes next lands beside them: defaults and ids come from PostgreSQL's own functions.
        await db.insert(accounts).values({ id: 'a2', email: 'new@example.com', passwordHash: '', accountType: 'USER' }).run();
        const fresh = await db.select({ createdAt: accounts.createdAt, flag: accounts.mustChangePassword }).from(accounts).where(eq(accounts.id, 'a2')).get();
        expect(fresh?.flag).toBe(false);
        expect(Math.abs((fresh?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
        const event = { siteId: 's1', kind: 'exit', cell: 'A1', sessionId: 'x', visitId: 'v', device: 'mobile', occurredAt: new Date(), receivedAt: new Date() };
        expect(await db.insert(visitorEvents).values(event).returning({ id: visitorEvents.id }).all()).toEqual([{ id: 2 }]);

        const types = await db.all<{ column: string; type: string }>(
          sql`SELECT table_name || '.' || column_name AS "column", data_type AS type FROM information_schema.columns
              WHERE table_schema = 'public' AND (table_name, column_name) IN (('accounts', 'must_change_password'), ('accounts', 'created_at'), ('sites', 'settings'), ('visitor_events', 'id'))
              ORDER BY 1`,
        );
        expect(types).toEqual([
          { column: 'accounts.created_at', type: 'timestamp with time zone' },
          { column: 'accounts.must_change_password', type: 'boolean' },
          { column: 'sites.settings', type: 'jsonb' },
          { column: 'visitor_events.id', type: 'bigint' },
        ]);
        // PostgreSQL's own json_each and date stay; the twins of SQLite's that 0000 added to the public schema
        // are gone, and only 0007's trigger function for the events' writing transaction is left.
        const functions = await db.all(sql`SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`);
        expect(functions).toEqual([{ proname: 'visitor_event_xact' }]);
      } finally {
        await closeDatabase(db);
      }
    });
  });
});
