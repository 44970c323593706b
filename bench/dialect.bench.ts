/**
 * The same insert and lookup by key as the app's hot paths make, through the app's asynchronous
 * session (api/db/async-database.ts) on SQLite (better-sqlite3) and on Debian's PostgreSQL (a pool),
 * beside the same statements on better-sqlite3 and node-postgres directly: what the session costs
 * over the driver. `--n 5000` sets the count.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import Database from 'better-sqlite3';
import { closeDatabase, openDatabase } from '../api/db/open-database.ts';
import { startPostgres } from '../api/db/pg/postgres-server.ts';
import { accounts } from '../api/db/schema.ts';

const flag = process.argv.indexOf('--n');
const N = flag > 0 ? Number(process.argv[flag + 1]) : 5_000;
const dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-dialect-bench-'));
const row = () => ({ id: randomUUID(), email: `${randomUUID()}@example.com`, passwordHash: '', accountType: 'USER' });
const figures: Record<string, { insertUs: number; lookupUs: number }> = {};

/** Times N inserts, then N lookups by key of the rows just inserted. */
async function measure(name: string, insert: (value: ReturnType<typeof row>) => unknown, find: (id: string) => unknown) {
  const values = Array.from({ length: N }, row);
  let started = process.hrtime.bigint();
  for (const value of values) await insert(value);
  const insertUs = Number(process.hrtime.bigint() - started) / 1000 / N;
  started = process.hrtime.bigint();
  for (const value of values) await find(value.id);
  const lookupUs = Number(process.hrtime.bigint() - started) / 1000 / N;
  figures[name] = { insertUs: Math.round(insertUs), lookupUs: Math.round(lookupUs) };
  console.log(`${name.padEnd(52)} insert ${insertUs.toFixed(1).padStart(7)} µs   lookup ${lookupUs.toFixed(1).padStart(7)} µs`);
}

console.log(`Dialects (${N} rows, load ${os.loadavg()[0]!.toFixed(1)})`);
const sqlite = await openDatabase(path.join(dir, 'bench.sqlite'));
await measure(
  "SQLite through the app's session",
  async (value) => await sqlite.insert(accounts).values(value).run(),
  async (id) => await sqlite.select().from(accounts).where(eq(accounts.id, id)).get(),
);
await closeDatabase(sqlite);
const file = new Database(path.join(dir, 'bench.sqlite'));
const insertDirect = file.prepare('INSERT INTO accounts (id, email, password_hash, account_type) VALUES (?, ?, ?, ?)');
const findDirect = file.prepare('SELECT * FROM accounts WHERE id = ?');
await measure(
  'SQLite from better-sqlite3 directly',
  (value) => insertDirect.run(value.id, `direct-${value.email}`, value.passwordHash, value.accountType),
  (id) => findDirect.get(id),
);
file.close();

const server = await startPostgres();
try {
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const postgres = await openDatabase(server.url('bench'));
  await measure(
    "PostgreSQL through the app's session",
    async (value) => await postgres.insert(accounts).values(value).run(),
    async (id) => await postgres.select().from(accounts).where(eq(accounts.id, id)).get(),
  );
  await closeDatabase(postgres);
  const direct = new pg.Client({ connectionString: server.url('bench') });
  await direct.connect();
  await measure(
    'PostgreSQL from node-postgres directly (awaited)',
    (value) => direct.query('INSERT INTO accounts (id, email, password_hash, account_type) VALUES ($1, $2, $3, $4)', [value.id, value.email, value.passwordHash, value.accountType]),
    (id) => direct.query('SELECT * FROM accounts WHERE id = $1', [id]),
  );
  await direct.end();
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/dialect.json', import.meta.url), `${JSON.stringify({ rows: N, load: os.loadavg()[0], ...figures }, null, 2)}\n`);
