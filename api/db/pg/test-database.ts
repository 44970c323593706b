import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { startPostgres } from './postgres-server.ts';

/** The migrated database every test database is copied from (postgres-global-setup.ts makes it). */
export const TEMPLATE = 'swipegrid_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://…/` of the server `npm run test:postgres` started, with the template migrated; absent under `npm test`. */
    postgresServer?: string;
  }
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh copy of the migrated template on a running server, dropped by `drop`. */
async function copyOfTemplate(server: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await admin(`${server}postgres`, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  return {
    url: `${server}${name}`,
    async drop() {
      await admin(`${server}postgres`, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Where a test's database lives: a SQLite file in its folder, or, under `npm run test:postgres`, a
 * fresh copy of the migrated template on the suite's PostgreSQL server (dropped by `drop`).
 */
export async function testDatabaseTarget(dir: string, file = 'test.sqlite'): Promise<{ target: string; drop(): Promise<void> }> {
  const server = inject('postgresServer');
  if (!server) return { target: path.join(dir, file), drop: async () => {} };
  const copy = await copyOfTemplate(server);
  return { target: copy.url, drop: copy.drop };
}

/**
 * A fresh PostgreSQL database whatever the suite: a copy of the shared server's template, or an empty
 * one on a server started for this file (~2 s), migrated when openDatabase opens it.
 */
export async function postgresForTest(): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = inject('postgresServer');
  if (shared) return copyOfTemplate(shared);
  const server = await startPostgres();
  await admin(server.url('postgres'), (client) => client.query('CREATE DATABASE swipegrid'));
  return { url: server.url('swipegrid'), drop: () => server.stop() };
}
