import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVersions, readLivePointer, readManifest } from '../publisher/live.ts';
import { objectKey, privateObjectKey } from '../publisher/versions.ts';
import { createS3Storage } from '../storage/s3-storage.ts';
import type { Storage } from '../storage/storage.ts';

/*
 * `npm run cluster` as a user runs it: its own PostgreSQL (Debian's), redis-server and S3 server (s3rver),
 * two workers and two app nodes. 100 publishes of 10 sites go in through both nodes while every
 * site's live pointer is watched in S3; then Ctrl-C must leave no process behind.
 */

const SCRIPT = fileURLToPath(new URL('./cluster.ts', import.meta.url));
const EMAIL = 'owner@example.com';
const PASSWORD = 'Cluster#Pass1';
const SITES = 10;
const ROUNDS = 10;

type Node = { name: string; admin: string; sitePort: number };

let dir: string;
let script: ChildProcess;
const lines: string[] = [];
let nodes: Node[] = [];
let storage: Storage;

function waitForLine(pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      for (const line of lines) {
        const match = pattern.exec(line);
        if (match) return void done(() => resolve(match));
      }
    };
    const onExit = (code: number | null) => done(() => reject(new Error(`the cluster script exited (${code}) before ${pattern}:\n${lines.join('\n')}`)));
    const timer = setInterval(check, 50);
    const done = (settle: () => void) => {
      clearInterval(timer);
      script.off('exit', onExit);
      settle();
    };
    script.once('exit', onExit);
    check();
  });
}

/** Every process below `pid`, from /proc: what Ctrl-C must end. */
async function descendants(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!parents.has(ppid)) parents.set(ppid, []);
    parents.get(ppid)!.push(Number(entry));
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** Processes still running that belong to a cluster in `folder`: its DATA_DIR in their environment, or the folder in their command line (redis-server). */
async function leftIn(folder: string): Promise<number[]> {
  const left: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const [environ, cmdline] = await Promise.all([readFile(`/proc/${entry}/environ`, 'utf8').catch(() => ''), readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')]);
    if ((environ.includes(`DATA_DIR=${folder}`) || cmdline.includes(folder)) && (await running(Number(entry)))) left.push(Number(entry));
  }
  return left;
}

/** Alive and not a zombie waiting to be reaped. */
async function running(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** A page of a site's own origin ({handle}.localhost:port) through loopback: fetch cannot name the host itself. */
function sitePage(port: number, handle: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { host: `${handle}.localhost:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-cluster-script-'));
  // PostgreSQL runs as its own user when the tests run as root (CI): it must reach its folder inside this one.
  await chmod(dir, 0o755);
  const env: Record<string, string | undefined> = { ...process.env, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', NODE_ENV: 'development' };
  // The script must start its own services, not use a shell's.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'STORAGE_DRIVER', 'DATA_DIR', 'PORT', 'SITE_PORT', 'SITE_ORIGIN', 'ADMIN_ORIGIN']) delete env[name];
  // A process group of its own, as a terminal gives `npm run cluster`: Ctrl-C is sent to the group.
  script = spawn(process.execPath, [SCRIPT, '--port', '0', '--data', dir], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [script.stdout!, script.stderr!]) createInterface({ input: stream }).on('line', (line) => lines.push(line));
  await waitForLine(/^\[cluster\] {2}Ctrl-C stops everything/);
  nodes = lines.flatMap((line) => {
    const match = /^\[cluster\] {2}(node-\d+) {2}admin (\S+?)\/ {2}sites \S+ \(or http:\/\/localhost:(\d+)\/sites\//.exec(line);
    return match ? [{ name: match[1]!, admin: match[2]!, sitePort: Number(match[3]) }] : [];
  });
  const s3 = (await waitForLine(/^\[cluster\] {2}storage: {2}S3 (\S+) bucket (\S+)/)).slice(1);
  // s3rver's built-in account.
  storage = createS3Storage({ endpoint: s3[0]!, bucket: s3[1]!, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, publicBaseUrl: '/' });
}, 240_000);

afterAll(async () => {
  if (script && script.exitCode === null && script.signalCode === null) {
    process.kill(-script.pid!, 'SIGINT');
    await once(script, 'exit');
  }
  await rm(dir, { recursive: true, force: true });
});

describe('npm run cluster', () => {
  it('starts two app nodes and two workers, printing their addresses and the operator login', () => {
    expect(nodes.map((node) => node.name)).toEqual(['node-1', 'node-2']);
    expect(lines.some((line) => /^\[cluster\] {2}workers: worker-1 \(pid \d+\), worker-2 \(pid \d+\)$/.test(line))).toBe(true);
    expect(lines).toContain(`[cluster]  operator: ${EMAIL}  password: ${PASSWORD}`);
  });

  it('takes 100 publishes of 10 sites through both nodes: each site ends live on its newest version, never switched back, never half written', { timeout: 300_000 }, async () => {
    const login = await fetch(`${nodes[0]!.admin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const admin = (node: Node, pathname: string, init: RequestInit = {}) => fetch(`${node.admin}${pathname}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...init.headers } });
    const nodeOf = (i: number) => nodes[i % nodes.length]!;

    const sites: Array<{ id: string }> = [];
    for (let i = 0; i < SITES; i++) {
      const created = await admin(nodeOf(i), '/api/site', {
        method: 'POST',
        body: JSON.stringify({ name: `Cluster ${i}`, numberHorizontal: 2, numberVertical: 2, defaultLanguage: 'en', languages: ['en'] }),
      });
      expect(created.status).toBe(201);
      sites.push({ id: ((await created.json()) as { id: string }).id });
    }

    // Every live pointer seen, per site, and whether every file of the version it named could be read then.
    const seen = new Map<string, Array<{ version: number; fence: number }>>(sites.map((site) => [site.id, []]));
    const unreadable: string[] = [];
    const checked = new Set<string>();
    const readable = async (siteId: string, version: number) => {
      const manifest = await readManifest(storage, siteId, version);
      if (!manifest) return void unreadable.push(`${siteId} v${version}: no manifest`);
      const keys = [...Object.values(manifest.files).map((file) => objectKey(file.hash)), ...Object.values(manifest.private).map((file) => privateObjectKey(file.hash))];
      for (const key of keys) if (!(await storage.head(key))) unreadable.push(`${siteId} v${version}: ${key}`);
    };
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        await Promise.all(
          sites.map(async ({ id }) => {
            const pointer = await readLivePointer(storage, id);
            if (!pointer) return;
            seen.get(id)!.push({ version: pointer.version, fence: pointer.fence ?? pointer.version });
            if (checked.has(`${id}/${pointer.version}`)) return;
            checked.add(`${id}/${pointer.version}`);
            await readable(id, pointer.version);
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    // Ten rounds: every site edited through one node and published through the other, all sites at once;
    // a round does not wait for the last one's publishes, so they pile up on the workers and fold.
    const publishes: Array<{ siteId: string; publishId: string }> = [];
    const newest = new Map<string, string>();
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        sites.map(async ({ id }, i) => {
          const title = `Site ${i} round ${round}`;
          expect((await admin(nodeOf(round + i), `/api/site/${id}`, { method: 'PUT', body: JSON.stringify({ seo: { title } }) })).status).toBe(200);
          newest.set(id, title);
          const started = await admin(nodeOf(round + i + 1), `/api/site/${id}/publish`, { method: 'POST' });
          expect(started.status).toBe(202);
          publishes.push({ siteId: id, publishId: ((await started.json()) as { publishId: string }).publishId });
        }),
      );
    }
    expect(publishes).toHaveLength(SITES * ROUNDS);

    // Every request settled, read through the API (either node answers for any publish).
    const statuses = new Map<string, string>();
    for (let waited = 0; statuses.size < publishes.length; waited += 250) {
      for (const [i, { siteId, publishId }] of publishes.entries()) {
        if (statuses.has(publishId)) continue;
        const status = ((await (await admin(nodeOf(i), `/api/site/${siteId}/publish/${publishId}`)).json()) as { status: string }).status;
        if (status !== 'running') statuses.set(publishId, status);
      }
      if (waited > 180_000) throw new Error(`publishes still running after 3 minutes: ${publishes.length - statuses.size}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    watching = false;
    await watcher;
    expect([...statuses.values()].filter((status) => status !== 'done')).toEqual([]);
    expect(unreadable).toEqual([]);
    // The watcher saw the switches happen, not only where they ended.
    expect(checked.size).toBeGreaterThan(SITES);

    const runs = lines.filter((line) => /^\[worker-\d\] +published: site/.test(line)).length;
    // Coalescing folds a burst into at most one running and one waiting publish per site.
    expect(runs).toBeLessThanOrEqual(SITES * ROUNDS);
    expect(new Set(lines.filter((line) => /^\[worker-\d\] +published:/.test(line)).map((line) => line.slice(0, 10))).size).toBe(2);

    for (const [i, site] of sites.entries()) {
      const pointers = seen.get(site.id)!;
      expect(pointers.length).toBeGreaterThan(0);
      for (const [n, pointer] of pointers.entries()) {
        expect(pointer.fence).toBeGreaterThanOrEqual(pointer.version);
        if (n > 0) expect(pointer.version, `${site.id} switched back`).toBeGreaterThanOrEqual(pointers[n - 1]!.version);
      }
      const versions = await listVersions(storage, site.id);
      const live = await readLivePointer(storage, site.id);
      expect(live?.version).toBe(versions[0]!.version);
      expect(live?.fence).toBe(versions[0]!.version);
      // Every file of the live version is there and whole (its bytes hash to its name is the storage's own test).
      const manifest = (await readManifest(storage, site.id, live!.version))!;
      const bodies = await Promise.all(Object.values(manifest.files).map(async (file) => (await storage.get(objectKey(file.hash)))!.body.byteLength === file.size));
      expect(bodies.every(Boolean)).toBe(true);
      // Both nodes serve the newest edit on the site's own origin.
      for (const node of nodes) {
        const page = await sitePage(node.sitePort, manifest.address.handle!);
        expect(page.status).toBe(200);
        expect(page.body, `site ${i} on ${node.name}`).toContain(newest.get(site.id)!);
      }
    }
  });

  it('stops every process it started on Ctrl-C, and exits 0', { timeout: 120_000 }, async () => {
    const children = await descendants(script.pid!);
    // redis-server, two workers, two nodes (s3rver runs inside the script).
    expect(children.length).toBeGreaterThanOrEqual(5);
    const exited = once(script, 'exit');
    process.kill(-script.pid!, 'SIGINT');
    const [code] = await exited;
    expect(code).toBe(0);
    for (let waited = 0; ; waited += 100) {
      const left = (await Promise.all(children.map(async (pid) => ((await running(pid)) ? [pid] : [])))).flat();
      if (left.length === 0) break;
      if (waited > 10_000) throw new Error(`left running: ${left.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(lines.filter((line) => / ended \(0\)$/.test(line))).toHaveLength(4);
    expect(await leftIn(dir)).toEqual([]);
  });
});

describe('npm run cluster stopped while it starts', () => {
  it('leaves no process behind on SIGTERM between the workers and the nodes', { timeout: 120_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-cluster-stopped-'));
    const env: Record<string, string | undefined> = { ...process.env, SEED_DEMO: 'false' };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'STORAGE_DRIVER', 'DATA_DIR']) delete env[name];
    const starting = spawn(process.execPath, [SCRIPT, '--sqlite', '--port', '0', '--data', folder], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const output: string[] = [];
    const stopped = once(starting, 'exit');
    await new Promise<void>((resolve, reject) => {
      for (const stream of [starting.stdout!, starting.stderr!])
        createInterface({ input: stream }).on('line', (line) => {
          output.push(line);
          // The workers are up and the first node is on its way: Redis, the S3 server and four processes to stop.
          if (/^\[worker-\d\] +swipegrid worker/.test(line)) resolve();
        });
      void stopped.then(() => reject(new Error(`the script ended first:\n${output.join('\n')}`)));
    });
    expect((await leftIn(folder)).length).toBeGreaterThanOrEqual(2);
    starting.kill('SIGTERM');
    await stopped;
    for (let waited = 0; (await leftIn(folder)).length > 0; waited += 100) {
      if (waited > 10_000) throw new Error(`left running: ${(await leftIn(folder)).join(', ')}\n${output.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await rm(folder, { recursive: true, force: true });
  });
});
