/**
 * How long SQLite's online backup takes while a server process commits into the database
 * (`npm run bench -- backup`): the real schema, `visitor_events` filled to each size, and another
 * process inserting one event every 50 ms (the 20 form submissions a second of
 * api/cli/backup-under-load.test.ts). Copied 100 pages a step (better-sqlite3's default), the copy
 * starts over at every commit in between; copied in one step (api/cli/backup.ts), it cannot.
 * The stepped copy is given up after 20 s. Prints figures, asserts nothing; also written to
 * bench/results/backup.json.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { closeDatabase, openDatabase, sqliteClientOf } from '../api/db/open-database.ts';

const SIZES_MB = [20, 130];
const GIVE_UP_MS = 20_000;
const ALL_PAGES = 0x7fffffff;
/** better-sqlite3's own step when the progress callback answers nothing. */
const DEFAULT_PAGES = 100;

type Copy = { ms: number; finished: boolean; restarts: number };

/** A writer in a process of its own, as the server is: one committed event every 50 ms until killed. */
function startWriter(file: string) {
  const script = `import Database from 'better-sqlite3';
    const db = new Database(process.env.FILE);
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    const insert = db.prepare("INSERT INTO visitor_events (site_id, kind, cell, session_id, visit_id, device, occurred_at, received_at) VALUES ('bench', 'view', 'A1', 's', 'v', 'mobile', ?, ?)");
    setInterval(() => insert.run(Date.now(), Date.now()), 50);
    console.log('writing');`;
  const cwd = fileURLToPath(new URL('..', import.meta.url));
  return spawn(process.execPath, ['--input-type=module', '-e', script], { cwd, env: { ...process.env, FILE: file }, stdio: ['ignore', 'pipe', 'inherit'] });
}

async function copy(file: string, to: string, pagesPerStep: number | null): Promise<Copy> {
  const db = await openDatabase(file);
  const started = performance.now();
  let restarts = 0;
  let remaining = Number.POSITIVE_INFINITY;
  try {
    const client = sqliteClientOf(db);
    if (!client) throw new Error('the backup bench copies a SQLite file');
    await client.backup(to, {
      progress: ({ remainingPages }) => {
        if (remainingPages > remaining) restarts++;
        remaining = remainingPages;
        if (performance.now() - started > GIVE_UP_MS) throw new Error('given up');
        return pagesPerStep ?? DEFAULT_PAGES;
      },
    });
    return { ms: Math.round(performance.now() - started), finished: true, restarts };
  } catch {
    return { ms: Math.round(performance.now() - started), finished: false, restarts };
  } finally {
    await closeDatabase(db);
    await rm(to, { force: true });
  }
}

const results: { sizeMb: number; pages: number; stepped: Copy; oneStep: Copy }[] = [];
console.log(`Online backup while another process commits every 50 ms, ${os.availableParallelism()} cores`);
for (const sizeMb of SIZES_MB) {
  const dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-backup-bench-'));
  const file = join(dir, 'swipegrid.sqlite');
  const db = await openDatabase(file);
  for (let filled = 0; (await stat(file)).size + (await stat(`${file}-wal`).catch(() => ({ size: 0 }))).size < sizeMb * 1024 * 1024; filled += 50_000) {
    await db.transaction(async (tx) => {
      for (let n = filled; n < filled + 50_000; n++) {
        await tx.run(
          sql`INSERT INTO visitor_events (site_id, kind, cell, session_id, visit_id, device, occurred_at, received_at)
              VALUES ('bench', 'view', 'A1', ${`session-${n}-${'s'.repeat(60)}`}, ${`visit-${n}-${'v'.repeat(60)}`}, 'mobile', ${n}, ${n})`,
        );
      }
    });
    await db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
  }
  const pages = (await db.get<{ page_count: number }>(sql`PRAGMA page_count`))!.page_count;
  await closeDatabase(db);
  const writer = startWriter(file);
  await new Promise((resolve) => writer.stdout.once('data', resolve));
  const stepped = await copy(file, join(dir, 'stepped.sqlite'), null);
  const oneStep = await copy(file, join(dir, 'one-step.sqlite'), ALL_PAGES);
  writer.kill();
  await rm(dir, { recursive: true, force: true });
  results.push({ sizeMb, pages, stepped, oneStep });
  const shown = (c: Copy) => `${c.finished ? `${c.ms} ms` : `not finished after ${c.ms} ms`}, ${c.restarts} restarts`;
  console.log(`  ${sizeMb} MB (${pages} pages): 100 pages a step ${shown(stepped)}; one step ${shown(oneStep)}`);
}
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(join(resultsDir, 'backup.json'), `${JSON.stringify({ date: new Date().toISOString(), machine: { cores: os.availableParallelism(), node: process.version }, results }, null, 2)}\n`);
console.log('\nWritten to bench/results/backup.json');
