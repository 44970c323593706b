/**
 * What the dialect-neutral rewrite (docs/postgres-plan.md) costs on SQLite: the same insert and
 * lookup by key as the visitor-event and publish paths make, written four ways — synchronous
 * `.run()/.get()` (today), `await` on the same better-sqlite3 builders, through drizzle's
 * sqlite-proxy over better-sqlite3 (the async driver a transaction lock would need), and the same
 * queries on Debian's PostgreSQL through api/db/pg/open-postgres.ts. `--n 20000` sets the count.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import type { Statement } from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, schema, type AnyQueries } from '../api/db/open-database.ts';
import { migratePostgres } from '../api/db/pg/migrate-postgres.ts';
import { openPostgres } from '../api/db/pg/open-postgres.ts';
import { startPostgres } from '../api/db/pg/postgres-server.ts';
import { accounts } from '../api/db/schema.ts';

const flag = process.argv.indexOf('--n');
const N = flag > 0 ? Number(process.argv[flag + 1]) : 20_000;
const dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-dialect-bench-'));

const row = () => ({ id: randomUUID(), email: `${randomUUID()}@example.com`, passwordHash: '', accountType: 'USER' });

/** Times N inserts, then N lookups by key of the rows just inserted. */
async function measure(name: string, insert: (value: ReturnType<typeof row>) => unknown, find: (id: string) => unknown) {
  const values = Array.from({ length: N }, row);
  let started = process.hrtime.bigint();
  for (const value of values) await insert(value);
  const insertUs = Number(process.hrtime.bigint() - started) / 1000 / N;
  started = process.hrtime.bigint();
  for (const value of values) await find(value.id);
  const findUs = Number(process.hrtime.bigint() - started) / 1000 / N;
  console.log(`${name.padEnd(48)} insert ${insertUs.toFixed(1).padStart(7)} µs   lookup ${findUs.toFixed(1).padStart(7)} µs`);
}

const sqlite = openDatabase(path.join(dir, 'bench.sqlite'));

// Synchronous: measure's `await` on a plain value costs a microtask, the same as in the awaited case below.
await measure(
  'better-sqlite3, synchronous .run()/.get()',
  (value) => sqlite.insert(accounts).values(value).run(),
  (id) => sqlite.select().from(accounts).where(eq(accounts.id, id)).get(),
);

await measure(
  'better-sqlite3, awaited builders',
  async (value) => await sqlite.insert(accounts).values(value),
  async (id) => await sqlite.select().from(accounts).where(eq(accounts.id, id)),
);

const statements = new Map<string, Statement<unknown[]>>();
const proxied: AnyQueries = drizzle(
  async (text, params, method) => {
    let statement = statements.get(text);
    if (!statement) statements.set(text, (statement = sqlite.$client.prepare<unknown[]>(text)));
    if (method === 'run') {
      statement.run(...params);
      return { rows: [] };
    }
    statement.raw(true);
    return method === 'get' ? { rows: statement.get(...params) as unknown[] } : { rows: statement.all(...params) as unknown[] };
  },
  { schema },
);
await measure(
  'sqlite-proxy over better-sqlite3 (cached stmts)',
  async (value) => await proxied.insert(accounts).values(value),
  async (id) => await proxied.select().from(accounts).where(eq(accounts.id, id)).get(),
);
sqlite.$client.close();

const server = await startPostgres();
try {
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  await migratePostgres(server.url('bench'));
  const postgres = openPostgres(server.url('bench'));
  await measure(
    'PostgreSQL (local TCP, fsync off), awaited',
    async (value) => await postgres.db.insert(accounts).values(value),
    async (id) => await postgres.db.select().from(accounts).where(eq(accounts.id, id)).get(),
  );
  await postgres.close();
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
