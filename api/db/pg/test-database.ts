import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { closeDatabase, openDatabase } from '../open-database.ts';
import type { PostgresServer } from './postgres-server.ts';

/** The migrated database every test database is copied from (postgres-global-setup.ts makes it). */
const TEMPLATE = 'swipegrid_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://…/` of the server `npm run test:postgres` started, with the template migrated; absent under `npm test`. */
    postgresServer?: string;
  }
}

/** One connection to `url` for `work`, ended after it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Makes the migrated database every test database of `server` is copied from. */
export async function makeTemplate(server: PostgresServer): Promise<void> {
  await withClient(server.url('postgres'), (client) => client.query(`CREATE DATABASE ${TEMPLATE}`));
  await closeDatabase(await openDatabase(server.url(TEMPLATE)));
}

/** A fresh copy of the migrated template on a running server, dropped by `drop`. */
async function copyOfTemplate(server: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await withClient(`${server}postgres`, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  return {
    name,
    url: `${server}${name}`,
    async drop() {
      await withClient(`${server}postgres`, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Emptied databases of this process's finished tests, each under a name no client has seen. */
const emptied: string[] = [];

/** Every row of the app's tables gone and the events' ids numbered from 1 again: the template's own state (it holds no rows). */
const EMPTY_TABLES = `
  SET session_replication_role = replica;
  DO $$ DECLARE item record; BEGIN
    FOR item IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP EXECUTE format('DELETE FROM public.%I', item.tablename); END LOOP;
    FOR item IN SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' LOOP EXECUTE format('ALTER SEQUENCE public.%I RESTART', item.sequencename); END LOOP;
  END $$;`;

/**
 * A finished test's database made ready for the next test context of this process: closed to
 * every client (as DROP … WITH (FORCE) would: a process the test left behind can neither go on nor
 * come back, since the database then takes a new name), then emptied. Copying the template took
 * 300 ms a test context; this takes a few. A database that cannot be closed is dropped instead.
 */
async function reuseLater(server: string, name: string): Promise<void> {
  const fresh = `t_${randomUUID().replaceAll('-', '')}`;
  const closed = await withClient(`${server}postgres`, async (client) => {
    await client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    for (let attempt = 0; attempt < 50; attempt++) {
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      try {
        await client.query(`ALTER DATABASE ${name} RENAME TO ${fresh}`);
        await client.query(`ALTER DATABASE ${fresh} ALLOW_CONNECTIONS true`);
        return true;
      } catch {
        // A terminated backend is still leaving.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    return false;
  });
  if (!closed) return;
  await withClient(`${server}${fresh}`, (client) => client.query(EMPTY_TABLES));
  emptied.push(fresh);
}

/**
 * Where a test's database lives: a SQLite file in its folder, or, under `npm run test:postgres`, a
 * database on the suite's PostgreSQL server holding what the migrated template holds (templateDatabase).
 */
export async function testDatabaseTarget(dir: string, file = 'test.sqlite'): Promise<{ target: string; drop(): Promise<void> }> {
  const server = inject('postgresServer');
  if (!server) return { target: path.join(dir, file), drop: async () => {} };
  const database = await templateDatabase(server);
  return { target: database.url, drop: database.drop };
}

/** A database holding what the template holds on `server` (`postgres://…/`): an emptied one of this process, or a new copy; `drop` empties it for the next. */
export async function templateDatabase(server: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = emptied.pop() ?? (await copyOfTemplate(server)).name;
  return { url: `${server}${name}`, drop: () => reuseLater(server, name) };
}
