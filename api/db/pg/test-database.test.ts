import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from './postgres-server.ts';
import { makeTemplate, templateDatabase, withClient } from './test-database.ts';

let server: PostgresServer;

const query = (url: string, text: string, values: unknown[] = []) => withClient(url, (client) => client.query(text, values));

const databaseCount = async () => (await query(server.url('postgres'), 'SELECT count(*)::int AS n FROM pg_database')).rows[0].n as number;
const insertEvent = async (url: string): Promise<number> => {
  const inserted = await query(
    url,
    `INSERT INTO visitor_events (site_id, kind, cell, session_id, visit_id, device, occurred_at, received_at) VALUES ('s1', 'landing', 'A1', 'x', 'v', 'mobile', now(), now()) RETURNING id`,
  );
  // bigint arrives as a string from node-postgres.
  return Number(inserted.rows[0].id);
};

// A server of its own, with the template migrated as the suite's global setup makes it.
beforeAll(async () => {
  server = await startPostgres();
  await makeTemplate(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("a finished test's PostgreSQL database", () => {
  it('is emptied and handed to the next test under a new name, closed to every client of the first', async () => {
    const first = await templateDatabase(server.url(''));
    await query(first.url, `INSERT INTO accounts (id, email, password_hash, account_type) VALUES ('a1', 'a@example.com', 'x', 'MASTER')`);
    expect(await insertEvent(first.url)).toBe(1);
    expect(await insertEvent(first.url)).toBe(2);
    // A client the test left open, as a server process it forgot to stop would hold.
    const lingering = new pg.Client({ connectionString: first.url });
    lingering.on('error', () => {});
    await lingering.connect();
    const databases = await databaseCount();

    await first.drop();
    await expect(lingering.query('SELECT 1')).rejects.toThrow();
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow(/does not exist/);

    const second = await templateDatabase(server.url(''));
    expect(second.url).not.toBe(first.url);
    // The same database: nothing was copied or dropped.
    expect(await databaseCount()).toBe(databases);
    expect((await query(second.url, 'SELECT count(*)::int AS n FROM accounts')).rows[0].n).toBe(0);
    expect(await insertEvent(second.url)).toBe(1);
    await second.drop();
  }, 60_000);

  it('is a fresh copy of the template when none is waiting, and two in use at once are two databases', async () => {
    // The one the first test left waiting, then a copy.
    const one = await templateDatabase(server.url(''));
    const databases = await databaseCount();
    const two = await templateDatabase(server.url(''));
    expect(await databaseCount()).toBe(databases + 1);
    expect(two.url).not.toBe(one.url);
    await Promise.all([one.drop(), two.drop()]);
  }, 60_000);
});
