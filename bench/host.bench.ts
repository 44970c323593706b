/**
 * Site host benchmark (`npm run bench -- host`): published pages per second from the site host
 * against Caddy's `file_server` serving the same site's exported tree, on the same machine. The
 * real server starts with its demo site (3 × 3 pages in two languages, published at start); the
 * site's live version is exported as a static tree (publisher/export-tree.ts), which Debian's
 * `caddy` serves with `encode gzip`. autocannon, in this process, asks both for the site's 18 pages
 * in turn with `accept-encoding: gzip` over 10 connections; the runs alternate (host, Caddy, host,
 * …) so a neighbour's load falls on both alike, and the median of each is compared. A second Caddy
 * serves the tree with a gzipped copy beside each text file (`precompressed gzip`): a static host
 * at its best, a second figure, not the target.
 *
 * Each server runs in a process of its own; CPU per request is read from /proc for both, a figure
 * that a shared machine's load changes less than throughput. It prints figures and the ratio and
 * never asserts a time. Figures also go to bench/results/host.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon, { type AutocannonResult } from 'autocannon';
import { requestOnHost } from '../api/request-on-host.ts';
import { dirTarget, syncTree } from '../publisher/export-targets.ts';
import { exportTree } from '../publisher/export-tree.ts';
import { readHandleSite } from '../publisher/domains.ts';
import { ensureBuilt } from '../scripts/build-template.ts';
import { createFsStorage } from '../storage/fs-storage.ts';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSWORD = 'Bench#Pass1';
const RESULTS_FILE = fileURLToPath(new URL('./results/host.json', import.meta.url));
/** The demo's grid (api/sites/seed-demo.ts): 3 columns × 3 rows, Japanese at the root and English under /en. */
const POSITIONS = ['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3', 'B3', 'C3'];
const PAGE_PATHS = ['', 'en/'].flatMap((language) => POSITIONS.map((position) => (position === 'A1' ? `/${language}` : `/${language}${position}`)));

function line(label: string, value: string) {
  console.log(`  ${label.padEnd(46)}${value}`);
}

const perSecond = (result: AutocannonResult) => result.requests.total / result.duration;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type Child = { process: ChildProcess; lines: Map<string, string> };

/** Starts the server and waits for the lines it prints at start (`Label: value`) until `ready` appears. */
async function startServer(env: Record<string, string>, ready: string): Promise<Child> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('../api/server.ts', import.meta.url))], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = new Map<string, string>();
  const reader = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
    reader.on('line', (text) => {
      const match = /^([^:]+):\s+(\S+)/.exec(text);
      if (match) lines.set(match[1]!.trim(), match[2]!);
      if (lines.has(ready)) resolve();
    });
  });
  child.removeAllListeners('exit');
  return { process: child, lines };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** A port nobody listens on now, for Caddy (which is told its port in its configuration). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

/** Waits until `url` answers 200: Caddy prints nothing we could wait for on stdout. */
async function answering(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}`);
    const status = await fetch(url)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** utime + stime of a process from /proc, in seconds (the fields after the command name, 12th and 13th). */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Starts Caddy serving `root` with the given site block, and waits until it answers. */
async function startCaddy(configDir: string, name: string, root: string, block: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  await mkdir(configDir, { recursive: true });
  const caddyfile = join(configDir, `${name}.Caddyfile`);
  await writeFile(caddyfile, `{\n\tadmin off\n\tauto_https off\n}\n:${port} {\n\troot * ${root}\n${block}}\n`);
  const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, XDG_DATA_HOME: configDir, XDG_CONFIG_HOME: configDir, HOME: configDir },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const url = `http://127.0.0.1:${port}`;
  await answering(`${url}/`, child);
  return { url, process: child };
}

/** Writes `{file}.gz` (level 9, as the host's copies) beside every text file of the tree; answers how many. */
async function writeGzipSidecars(root: string): Promise<number> {
  let written = 0;
  for (const name of await readdir(root, { recursive: true })) {
    if (!/\.(html|json|js|css|xml|txt|svg)$/.test(name)) continue;
    const file = join(root, name);
    await writeFile(`${file}.gz`, gzipSync(await readFile(file), { level: 9 }));
    written++;
  }
  return written;
}

type Run = { requestsPerSecond: number; p99Ms: number; cpuMicrosPerRequest: number; non2xx: number; errors: number; bytesPerRequest: number };

async function run(url: string, host: string, pid: number | undefined, duration: number): Promise<Run> {
  const cpuBefore = await cpuSeconds(pid);
  const result = await autocannon({
    url,
    headers: { host, 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
    connections: CONNECTIONS,
    duration,
    requests: PAGE_PATHS.map((path) => ({ method: 'GET', path })),
  });
  const cpuUsed = (await cpuSeconds(pid)) - cpuBefore;
  return {
    requestsPerSecond: Math.round(perSecond(result)),
    p99Ms: result.latency.p99,
    cpuMicrosPerRequest: Math.round((cpuUsed / result.requests.total) * 1e6),
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerRequest: Math.round((result.throughput.total ?? 0) / Math.max(1, result.requests.total)),
  };
}

async function main() {
  const caddyVersion = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  if (caddyVersion.status !== 0) throw new Error('caddy is not installed (Debian: apt-get install caddy)');
  await ensureBuilt();
  const dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-host-bench-'));
  const dataDir = join(dir, 'data');
  const swipegrid = await startServer(
    { DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: PASSWORD, NODE_ENV: 'production', SMTP_URL: '' },
    'Demo site',
  );
  const caddies: ChildProcess[] = [];
  try {
    const demo = new URL(swipegrid.lines.get('Demo site')!);
    const hostUrl = `http://127.0.0.1:${demo.port}`;
    // The tree a static host needs, from the same storage the server publishes to.
    const storage = createFsStorage({ root: join(dataDir, 'storage'), publicBaseUrl: '/' });
    const siteId = await readHandleSite(storage, demo.hostname.split('.')[0]!);
    if (!siteId) throw new Error(`no site behind ${demo.host}`);
    const tree = await exportTree(storage, siteId);
    if (tree?.base !== '') throw new Error('the demo site has no live version at the root of its origin');
    const treeDir = join(dir, 'tree');
    const synced = await syncTree(tree, dirTarget(treeDir));

    // Caddy as the brief's yardstick (`encode gzip`: it compresses each response), and, for a second
    // figure, as a static host at its best: every text file gzipped beside it once, sent as it is.
    const caddyDir = join(dir, 'caddy');
    const plain = await startCaddy(caddyDir, 'encode', treeDir, '\tencode gzip\n\ttry_files {path} {path}/index.html\n\tfile_server\n');
    caddies.push(plain.process);
    const gzDir = join(dir, 'tree-gz');
    await syncTree(tree, dirTarget(gzDir));
    const sidecars = await writeGzipSidecars(gzDir);
    const precompressed = await startCaddy(caddyDir, 'precompressed', gzDir, '\ttry_files {path} {path}/index.html\n\tfile_server {\n\t\tprecompressed gzip\n\t}\n');
    caddies.push(precompressed.process);

    // All answer every page, and with the same bytes once gunzipped: the same work is measured.
    for (const path of PAGE_PATHS) {
      const [ours, theirs, best] = await Promise.all([
        // Node's fetch cannot name the site's host; requestOnHost can.
        requestOnHost(hostUrl, demo.host, path).then((reply) => ({ status: reply.status, body: reply.text })),
        fetch(`${plain.url}${path}`).then(async (response) => ({ status: response.status, body: await response.text() })),
        fetch(`${precompressed.url}${path}`).then(async (response) => ({ status: response.status, body: await response.text() })),
      ]);
      if (ours.status !== 200 || theirs.status !== 200 || best.status !== 200 || ours.body !== theirs.body || ours.body !== best.body)
        throw new Error(`${path}: the host answered ${ours.status}, Caddy ${theirs.status} and ${best.status}${ours.body === theirs.body && ours.body === best.body ? '' : ', with other bytes'}`);
    }

    console.log(
      `Site host against Caddy ${caddyVersion.stdout.trim().split(' ')[0]} file_server (encode gzip), ${PAGE_PATHS.length} pages in turn, ${CONNECTIONS} connections, ${DURATION_S} s a run, ${ROUNDS} rounds, ${os.availableParallelism()} cores`,
    );
    line('exported tree', `${synced.files} files (${sidecars} gzipped beside them for the second Caddy)`);
    // Warm all: JIT, the host's caches, connection set-up.
    await run(hostUrl, demo.host, swipegrid.process.pid, 2);
    await run(plain.url, demo.host, plain.process.pid, 2);
    await run(precompressed.url, demo.host, precompressed.process.pid, 2);
    const host: Run[] = [];
    const file: Run[] = [];
    const fileGz: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      host.push(await run(hostUrl, demo.host, swipegrid.process.pid, DURATION_S));
      file.push(await run(plain.url, demo.host, plain.process.pid, DURATION_S));
      fileGz.push(await run(precompressed.url, demo.host, precompressed.process.pid, DURATION_S));
      line(`round ${round + 1}: host / Caddy / Caddy precompressed`, `${host.at(-1)!.requestsPerSecond} / ${file.at(-1)!.requestsPerSecond} / ${fileGz.at(-1)!.requestsPerSecond} requests/s`);
    }
    const summary = (runs: Run[]) => ({
      requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
      p99Ms: median(runs.map((r) => r.p99Ms)),
      cpuMicrosPerRequest: median(runs.map((r) => r.cpuMicrosPerRequest)),
      bytesPerRequest: median(runs.map((r) => r.bytesPerRequest)),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
    });
    const ours = summary(host);
    const theirs = summary(file);
    const best = summary(fileGz);
    const ratio = ours.requestsPerSecond / theirs.requestsPerSecond;
    const ratioBest = ours.requestsPerSecond / best.requestsPerSecond;
    const figures = (run: ReturnType<typeof summary>) => `${run.requestsPerSecond}  p99 ${run.p99Ms} ms, ${run.cpuMicrosPerRequest} µs CPU a request, ${run.bytesPerRequest} bytes a response`;
    console.log('');
    line('site host: requests/s (median)', figures(ours));
    line('Caddy, encode gzip: requests/s (median)', figures(theirs));
    line('Caddy, precompressed gzip: requests/s (median)', figures(best));
    line('non-2xx / errors (host, Caddy, precompressed)', `${ours.non2xx} / ${ours.errors}, ${theirs.non2xx} / ${theirs.errors}, ${best.non2xx} / ${best.errors}`);
    line('ratio host / Caddy (encode gzip)', `${ratio.toFixed(2)}×`);
    line('ratio host / Caddy (precompressed gzip)', `${ratioBest.toFixed(2)}×`);
    line('CPU a request, Caddy (encode gzip) / host', `${(theirs.cpuMicrosPerRequest / ours.cpuMicrosPerRequest).toFixed(2)}×`);
    line(
      'load average at the end',
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' '),
    );
    const results = {
      date: new Date().toISOString(),
      machine: { cores: os.availableParallelism(), node: process.version, caddy: caddyVersion.stdout.trim().split(' ')[0] },
      connections: CONNECTIONS,
      durationS: DURATION_S,
      rounds: ROUNDS,
      pages: PAGE_PATHS.length,
      host: { ...ours, runs: host.map((r) => r.requestsPerSecond) },
      caddy: { ...theirs, runs: file.map((r) => r.requestsPerSecond) },
      caddyPrecompressed: { ...best, runs: fileGz.map((r) => r.requestsPerSecond) },
      ratio: Number(ratio.toFixed(2)),
      ratioToPrecompressed: Number(ratioBest.toFixed(2)),
    };
    await mkdir(join(RESULTS_FILE, '..'), { recursive: true });
    await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    for (const caddy of caddies) await stop(caddy);
    await stop(swipegrid.process);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
