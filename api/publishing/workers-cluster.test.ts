import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVersions, readLiveManifest, readLivePointer } from '../../publisher/live.ts';
import { createFsStorage } from '../../storage/fs-storage.ts';
import { startTestRedis, type TestRedisServer } from '../redis/test-redis-server.ts';

/*
 * The scaled-out layout on one machine: two server processes and two `swipegrid worker`s on one
 * SQLite file and one storage folder, sharing a real redis-server. Publishes go in through both
 * servers; a worker is killed with SIGKILL in the middle of a publish.
 */

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const EMAIL = 'owner@example.com';
const PASSWORD = 'Cluster#Pass1';

let dir: string;
let redis: TestRedisServer;
let env: Record<string, string>;
const children = new Set<ChildProcess>();

type Process = { child: ChildProcess; lines: string[]; waitFor(pattern: RegExp): Promise<RegExpExecArray> };

function startProcess(args: string[]): Process {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const lines: string[] = [];
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const check of waiting) check();
  });
  return {
    child,
    lines,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          for (const line of lines) {
            const match = pattern.exec(line);
            if (match) {
              waiting.delete(check);
              child.off('exit', onExit);
              resolve(match);
              return;
            }
          }
        };
        const onExit = (code: number | null) => reject(new Error(`${args[0]} exited (${code}) before ${pattern}:\n${stderr.join('')}`));
        child.once('exit', onExit);
        waiting.add(check);
        check();
      });
    },
  };
}

async function startServerProcess(): Promise<{ admin: string; site: string }> {
  const server = startProcess(['serve']);
  const admin = (await server.waitFor(/^Swipegrid admin:\s+(\S+)/))[1]!.replace(/\/$/, '');
  // "http://{handle}.localhost:port/   (or http://localhost:port/sites/{siteId}/, …)": the shared host is the second.
  const site = (await server.waitFor(/^Published sites:.*\(or (\S+?)\/sites\//))[1]!;
  return { admin, site };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-cluster-'));
  redis = await startTestRedis();
  env = {
    DATA_DIR: dir,
    REDIS_URL: redis.url,
    // A killed worker's publish is taken over after this long (30 s in production).
    WORKER_LOCK_MS: '1000',
    PORT: '0',
    SEED_DEMO: 'false',
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    NODE_ENV: 'development',
  };
});
afterAll(async () => {
  await Promise.all([...children].map((child) => stop(child)));
  await redis?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('two servers and two workers sharing Redis', () => {
  let started: Array<{ admin: string; site: string }> = [];
  it('retries the publish of a worker killed mid-publish on the other worker, every site ending live on its newest version', { timeout: 180_000 }, async () => {
    // One after the other: the first creates the database and the operator, the second finds them.
    started = [await startServerProcess()];
    started.push(await startServerProcess());
    const servers = started.map((server) => server.admin);
    const workers = [startProcess(['worker']), startProcess(['worker'])];
    await Promise.all(workers.map((worker) => worker.waitFor(/^swipegrid worker \d+/)));

    const login = await fetch(`${servers[0]}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const admin = (server: string, pathname: string, init: RequestInit = {}) => fetch(`${server}${pathname}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...init.headers } });
    const siteIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await admin(servers[i % 2]!, '/api/site', {
        method: 'POST',
        body: JSON.stringify({ name: `Cluster ${i}`, numberHorizontal: 1, numberVertical: 2, defaultLanguage: 'en', languages: ['en'] }),
      });
      expect(created.status).toBe(201);
      siteIds.push(((await created.json()) as { id: string }).id);
    }
    const publishIds: string[] = [];
    const publish = async (server: string, siteId: string) => {
      const started = await admin(server, `/api/site/${siteId}/publish`, { method: 'POST' });
      expect(started.status).toBe(202);
      publishIds.push(((await started.json()) as { publishId: string }).publishId);
    };

    const newest = new Map<string, string>();
    const edit = async (server: string, siteId: string, title: string) => {
      expect((await admin(server, `/api/site/${siteId}`, { method: 'PUT', body: JSON.stringify({ seo: { title } }) })).status).toBe(200);
      newest.set(siteId, title);
    };

    // The only publish of site 0 goes to a worker, and that worker dies in the middle of it: only
    // BullMQ's stalled-job check, handing the job to the other worker, can still publish it.
    await edit(servers[1]!, siteIds[0]!, 'Site 0 before the kill');
    await publish(servers[0]!, siteIds[0]!);
    const victim = await Promise.race(workers.map((worker) => worker.waitFor(new RegExp(`^publishing: site ${siteIds[0]}`)).then(() => worker)));
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 100)));
    await stop(victim.child);
    const survivor = workers.find((worker) => worker !== victim)!;
    // A third server starting now (a rolling restart) must leave the dead worker's publish to the queue, not call it interrupted.
    await startServerProcess();

    // Publishes of the other sites through both servers meanwhile.
    for (let round = 0; round < 3; round++) {
      for (const [i, siteId] of siteIds.slice(1).entries()) {
        await edit(servers[(round + i) % 2]!, siteId, `Round ${round}`);
        await publish(servers[(round + i + 1) % 2]!, siteId);
      }
    }

    const db = new Database(path.join(dir, 'swipegrid.sqlite'), { readonly: true });
    const unsettled = () => db.prepare(`select count(*) as n from publishes where status = 'running'`).get() as { n: number };
    for (let waited = 0; unsettled().n > 0; waited += 200) {
      if (waited > 120_000) throw new Error(`publishes still running: ${JSON.stringify(db.prepare('select id, site_id, status from publishes').all())}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const rows = db.prepare(`select id, status, error from publishes`).all() as Array<{ id: string; status: string; error: string | null }>;
    db.close();
    expect(rows.filter((row) => publishIds.includes(row.id)).map((row) => row.status)).toEqual(publishIds.map(() => 'done'));
    expect(survivor.lines.some((line) => line.startsWith(`published: site ${siteIds[0]}`))).toBe(true);

    const storage = createFsStorage({ root: path.join(dir, 'storage'), publicBaseUrl: '/' });
    for (const siteId of siteIds) {
      const versions = await listVersions(storage, siteId);
      const pointer = await readLivePointer(storage, siteId);
      // Live on the newest version there is, and never switched back below it (the fence).
      expect(pointer?.version).toBe(versions[0]!.version);
      expect(pointer?.fence).toBe(versions[0]!.version);
      const live = await readLiveManifest(storage, siteId);
      const bodies = await Promise.all(Object.values(live!.files).map(async (file) => Buffer.from((await storage.get(`objects/${file.hash}`))!.body).toString('utf8')));
      expect(bodies.some((body) => body.includes(newest.get(siteId)!))).toBe(true);
    }
  });

  it('holds the visitor form limit (20 a minute) over parallel posts from one address split between the two servers', { timeout: 60_000 }, async () => {
    expect(started).toHaveLength(2);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${started[i % 2]!.site}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ siteId: 'none', data: {} }) }).then(
          (response) => response.status,
        ),
      ),
    );
    // In memory each server would let 20 through: 40 in all.
    expect(statuses.filter((status) => status !== 429)).toHaveLength(20);
  });
});
