/**
 * The same insert and lookup by key as the app's hot paths make, on SQLite (better-sqlite3) and on
 * Debian's PostgreSQL through the synchronous bridge (api/db/pg/sync-postgres.ts), beside the same
 * statements sent straight from node-postgres with `await`: what the bridge costs over the wire it
 * cannot avoid. `--n 5000` sets the count.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../api/db/open-database.ts';
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
const sqlite = openDatabase(path.join(dir, 'bench.sqlite'));
await measure(
  'SQLite (better-sqlite3, synchronous)',
  (value) => sqlite.insert(accounts).values(value).run(),
  (id) => sqlite.select().from(accounts).where(eq(accounts.id, id)).get(),
);
sqlite.$client.close();

const server = await startPostgres();
try {
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const postgres = openDatabase(server.url('bench'));
  await measure(
    'PostgreSQL through the synchronous bridge',
    (value) => postgres.insert(accounts).values(value).run(),
    (id) => postgres.select().from(accounts).where(eq(accounts.id, id)).get(),
  );
  postgres.$client.close();
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
