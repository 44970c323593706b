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

/**
 * Where a test's database lives: a SQLite file in its folder, or, under `npm run test:postgres`, a
 * fresh copy of the migrated template on the suite's PostgreSQL server (dropped by `drop`).
 */
export async function testDatabaseTarget(dir: string, file = 'test.sqlite'): Promise<{ target: string; drop(): Promise<void> }> {
  const server = inject('postgresServer');
  if (!server) return { target: path.join(dir, file), drop: async () => {} };
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await admin(`${server}postgres`, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  return {
    target: `${server}${name}`,
    async drop() {
      await admin(`${server}postgres`, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A fresh, migrated PostgreSQL database whatever the suite: the shared server's, or one started for this file (~2 s). */
export async function postgresForTest(): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = inject('postgresServer');
  const server = shared ? undefined : await startPostgres();
  const base = shared ?? server!.url('');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await admin(`${base}postgres`, (client) => client.query(shared ? `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}` : `CREATE DATABASE ${name}`));
  return {
    url: `${base}${name}`,
    async drop() {
      if (server) await server.stop();
      else await admin(`${base}postgres`, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
