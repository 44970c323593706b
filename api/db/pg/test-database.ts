import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migratePostgres } from './migrate-postgres.ts';
import { openPostgres, type PostgresDb } from './open-postgres.ts';
import { startPostgres } from './postgres-server.ts';

/** The migrated database every test database is copied from (vitest.postgres.setup.ts makes it). */
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
 * A fresh PostgreSQL database for one test file: a copy of the migrated template on the suite's
 * server, or, when the file runs alone under `npm test`, on a server of its own.
 */
export async function createTestPostgres(): Promise<PostgresDb & { drop(): Promise<void> }> {
  const shared = inject('postgresServer');
  const server = shared ? undefined : await startPostgres();
  const base = shared ?? server!.url('');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  if (shared) await admin(`${base}postgres`, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  else {
    await admin(`${base}postgres`, (client) => client.query(`CREATE DATABASE ${name}`));
    await migratePostgres(`${base}${name}`);
  }
  const opened = openPostgres(`${base}${name}`);
  return {
    ...opened,
    async drop() {
      await opened.close();
      if (server) await server.stop();
      else await admin(`${base}postgres`, (client) => client.query(`DROP DATABASE ${name}`));
    },
  };
}
