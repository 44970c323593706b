/**
 * The same insert and lookup by key as the app's hot paths make, through the app's asynchronous
 * session (api/db/async-database.ts) on SQLite (better-sqlite3) and on Debian's PostgreSQL (a pool),
 * beside the same statements on better-sqlite3 and node-postgres directly: what the session costs
 * over the driver. `--n 5000` sets the count. Each figure is µs a statement, by the wall clock and
 * by this process's CPU time (on a shared machine the wall clock also counts other processes' turns).
 * bench/results/dialect.json keeps `before` (this bench on the synchronous code, commit 3cfa31b, as
 * recorded in docs/decisions.md) and writes `after`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
const figures: Record<string, { insertUs: number; lookupUs: number; insertCpuUs: number; lookupCpuUs: number }> = {};

/** The process's CPU time (user + system) since `from`, in µs: unlike the wall clock, not counting the time other processes of a shared machine held the cores. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return used.user + used.system;
};

/** Times N inserts, then N lookups by key of the rows just inserted: wall clock and this process's CPU time, per statement. */
async function measure(name: string, insert: (value: ReturnType<typeof row>) => unknown, find: (id: string) => unknown) {
  const values = Array.from({ length: N }, row);
  let started = process.hrtime.bigint();
  let cpu = process.cpuUsage();
  for (const value of values) await insert(value);
  const insertUs = Number(process.hrtime.bigint() - started) / 1000 / N;
  const insertCpuUs = cpuSince(cpu) / N;
  started = process.hrtime.bigint();
  cpu = process.cpuUsage();
  for (const value of values) await find(value.id);
  const lookupUs = Number(process.hrtime.bigint() - started) / 1000 / N;
  const lookupCpuUs = cpuSince(cpu) / N;
  figures[name] = { insertUs: Math.round(insertUs), lookupUs: Math.round(lookupUs), insertCpuUs: Math.round(insertCpuUs), lookupCpuUs: Math.round(lookupCpuUs) };
  const cell = (us: number) => us.toFixed(1).padStart(7);
  console.log(`${name.padEnd(52)} insert ${cell(insertUs)} µs (CPU ${cell(insertCpuUs)})   lookup ${cell(lookupUs)} µs (CPU ${cell(lookupCpuUs)})`);
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
const resultsFile = new URL('./results/dialect.json', import.meta.url);
// The figures of the synchronous code this replaced are kept as recorded: that code is gone, they cannot be measured again here.
const recorded: unknown = await readFile(resultsFile, 'utf8').then(
  (text) => JSON.parse(text),
  () => ({}),
);
const before = typeof recorded === 'object' && recorded !== null && 'before' in recorded ? recorded.before : undefined;
await writeFile(resultsFile, `${JSON.stringify({ ...(before ? { before } : {}), after: { date: new Date().toISOString(), rows: N, load: os.loadavg()[0], ...figures } }, null, 2)}\n`);
