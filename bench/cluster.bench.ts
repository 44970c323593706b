/**
 * Cluster benchmark (`npm run bench -- cluster`, `-- cluster --sqlite` for one SQLite file): the
 * scaled-out layout of `npm run cluster` on this machine (PostgreSQL, Redis, an S3 server,
 * app nodes and `swipegrid worker`s, each a process of its own), beside the single-process layout
 * on the same database and storage in the same run (one node publishing in its own process, no Redis).
 *
 * - publishes per minute: SITES sites, each edited then published ROUNDS times, one publish of a
 *   site at a time (so none folds into another: every request is a whole publish), all sites at once;
 *   with the single process, one worker, two workers;
 * - visitor events per second: batches of 10 posted by autocannon for DURATION_S to one node, then
 *   split between two nodes sharing Redis (rate limits) and the database (events).
 *
 * Prints a table and never asserts a time: machines differ. Figures go to bench/results/cluster.json.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonResult } from 'autocannon';
import { ensureBuilt } from '../scripts/build-template.ts';
import { createCluster, type RunningCluster } from '../scripts/cluster/start-cluster.ts';

const SITES = 8;
const ROUNDS = 3;
const DURATION_S = 8;
/** Connections in all, split between the nodes: the same load offered to one node and to two. */
const CONNECTIONS = 10;
const BATCH = 10;
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench#Pass1';

const sqlite = process.argv.includes('--sqlite');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

type Layout = { label: string; nodes: number; workers: number; events: boolean };
type Measured = {
  label: string;
  nodes: number;
  workers: number;
  publishes: number;
  publishSeconds: number;
  publishesPerMinute: number;
  eventsPerSecond?: number;
  eventsP99Ms?: number;
  non2xx?: number;
  loadAverage: string;
};

async function session(adminUrl: string): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
  const login = await fetch(`${adminUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return (path, init = {}) => fetch(`${adminUrl}${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...init.headers } });
}

/** Edit then publish each site ROUNDS times, one publish of a site at a time, all sites at once; through the nodes in turn. */
async function measurePublishes(cluster: RunningCluster, label: string): Promise<{ publishes: number; seconds: number; siteIds: string[] }> {
  const admins = await Promise.all(cluster.nodes.map((node) => session(node.adminUrl)));
  const siteIds: string[] = [];
  for (let i = 0; i < SITES; i++) {
    const created = await admins[0]!('/api/site', {
      method: 'POST',
      body: JSON.stringify({ name: `${label} ${i}`, numberHorizontal: 3, numberVertical: 3, defaultLanguage: 'en', languages: ['en', 'jp'] }),
    });
    if (created.status !== 201) throw new Error(`creating a site answered ${created.status}`);
    siteIds.push(((await created.json()) as { id: string }).id);
  }
  const publishOnce = async (siteId: string, n: number) => {
    const admin = admins[n % admins.length]!;
    const edited = await admin(`/api/site/${siteId}`, { method: 'PUT', body: JSON.stringify({ seo: { title: `${label} ${n}` } }) });
    if (edited.status !== 200) throw new Error(`editing answered ${edited.status}`);
    const started = await admin(`/api/site/${siteId}/publish`, { method: 'POST' });
    if (started.status !== 202) throw new Error(`publishing answered ${started.status}`);
    const { publishId } = (await started.json()) as { publishId: string };
    for (;;) {
      const { status } = (await (await admin(`/api/site/${siteId}/publish/${publishId}`)).json()) as { status: string };
      if (status === 'done') return;
      if (status !== 'running') throw new Error(`a publish ended ${status}`);
      await sleep(50);
    }
  };
  // Each site once unmeasured: its first publish renders everything and warms the renderer in every process.
  await Promise.all(siteIds.map((siteId, i) => publishOnce(siteId, i)));
  const started = performance.now();
  await Promise.all(
    siteIds.map(async (siteId, i) => {
      for (let round = 1; round <= ROUNDS; round++) await publishOnce(siteId, i + round);
    }),
  );
  return { publishes: SITES * ROUNDS, seconds: (performance.now() - started) / 1000, siteIds };
}

/** Analytics batches posted to the site host of every node at once, CONNECTIONS split between them. */
async function measureEvents(cluster: RunningCluster, siteId: string): Promise<{ perSecond: number; p99: number; non2xx: number }> {
  const admin = await session(cluster.nodes[0]!.adminUrl);
  const listed = (await (await admin('/api/site')).json()) as { sites: Array<{ id: string; url: string }> };
  const handle = new URL(listed.sites.find((site) => site.id === siteId)!.url).hostname.split('.')[0]!;
  const body = JSON.stringify({
    siteId,
    lang: 'en',
    events: Array.from({ length: BATCH }, (_, i) =>
      i === 0 ? { type: 'landing', cell: 'A1', pageId: 'bench-page', referrerHost: 'www.example.com' } : { type: 'slide_page', cell: 'A1', to: 'A2', direction: 'down', pageId: 'bench-page' },
    ),
  });
  const target = (siteUrl: string, duration: number, connections: number) => {
    const port = new URL(siteUrl).port;
    return autocannon({
      url: `http://127.0.0.1:${port}/api/end-user/events`,
      method: 'POST',
      body,
      headers: { host: `${handle}.localhost:${port}`, 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (iPhone) Mobile', cookie: 'sessionId=bench-session' },
      connections,
      duration,
    });
  };
  const perNode = Math.max(1, Math.floor(CONNECTIONS / cluster.nodes.length));
  await Promise.all(cluster.nodes.map((node) => target(node.siteUrl, 1, perNode)));
  const runs: AutocannonResult[] = await Promise.all(cluster.nodes.map((node) => target(node.siteUrl, DURATION_S, perNode)));
  const accepted = runs.reduce((sum, run) => sum + (run.statusCodeStats['202']?.count ?? 0), 0);
  return { perSecond: (accepted * BATCH) / DURATION_S, p99: Math.max(...runs.map((run) => run.latency.p99)), non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0) };
}

async function main() {
  await ensureBuilt();
  const dataDir = await mkdtemp(join(os.tmpdir(), 'swipegrid-cluster-bench-'));
  // PostgreSQL runs as its own user when this runs as root: it must reach its folder inside.
  await chmod(dataDir, 0o755);
  const layouts: Layout[] = [
    { label: 'single process', nodes: 1, workers: 0, events: true },
    { label: '1 worker', nodes: 2, workers: 1, events: false },
    { label: '2 workers', nodes: 2, workers: 2, events: true },
  ];
  const measured: Measured[] = [];
  let database = '';
  console.log(`Cluster on loopback, ${os.availableParallelism()} cores, load average ${loadAverage()} at the start; ${SITES} sites × ${ROUNDS} publishes a layout`);
  try {
    for (const layout of layouts) {
      const cluster = createCluster({
        dataDir,
        sqlite,
        nodes: layout.nodes,
        workers: layout.workers,
        port: 0,
        environment: { ...process.env, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD },
        extraEnv: { SEED_DEMO: 'false', NODE_ENV: 'production', SMTP_URL: '', VISITOR_RATE_LIMIT_SCALE: '1000000' },
        // The processes' own lines would bury the figures: kept, and shown only when the layout fails.
        log: (line) => {
          logged.push(line);
          if (logged.length > 200) logged.shift();
        },
      });
      const logged: string[] = [];
      try {
        const running = await cluster.start();
        database = running.database === 'postgres' ? 'PostgreSQL' : 'SQLite';
        const publishes = await measurePublishes(running, layout.label);
        const events = layout.events ? await measureEvents(running, publishes.siteIds[0]!) : undefined;
        const figures: Measured = {
          label: layout.label,
          nodes: layout.nodes,
          workers: layout.workers,
          publishes: publishes.publishes,
          publishSeconds: Number(publishes.seconds.toFixed(2)),
          publishesPerMinute: Math.round((publishes.publishes / publishes.seconds) * 60),
          ...(events ? { eventsPerSecond: Math.round(events.perSecond), eventsP99Ms: events.p99, non2xx: events.non2xx } : {}),
          loadAverage: loadAverage(),
        };
        measured.push(figures);
        console.log(`  ${layout.label}: ${figures.publishesPerMinute} publishes/min${events ? `, ${figures.eventsPerSecond} events/s` : ''}  (load ${figures.loadAverage})`);
      } catch (error) {
        console.error(logged.join('\n'));
        throw error;
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const single = measured[0]!;
  const cell = (text: string) => text.padStart(20);
  console.log(`\nDatabase ${database}, storage S3 (s3rver), Redis for the workers' layouts`);
  console.log(`  ${''.padEnd(34)}${measured.map((m) => cell(m.workers === 0 ? 'single process' : `2 nodes, ${m.label}`)).join('')}`);
  console.log(`  ${'publishes per minute'.padEnd(34)}${measured.map((m) => cell(String(m.publishesPerMinute))).join('')}`);
  console.log(`  ${'  ratio to the single process'.padEnd(34)}${measured.map((m) => cell((m.publishesPerMinute / single.publishesPerMinute).toFixed(2))).join('')}`);
  console.log(`  ${'visitor events per second'.padEnd(34)}${measured.map((m) => cell(m.eventsPerSecond === undefined ? '–' : String(m.eventsPerSecond))).join('')}`);
  console.log(`  ${'  ratio to the single process'.padEnd(34)}${measured.map((m) => cell(m.eventsPerSecond === undefined ? '–' : (m.eventsPerSecond / single.eventsPerSecond!).toFixed(2))).join('')}`);
  console.log(`  ${'events p99 latency (ms)'.padEnd(34)}${measured.map((m) => cell(m.eventsP99Ms === undefined ? '–' : String(m.eventsP99Ms))).join('')}`);
  console.log(`  ${'load average after'.padEnd(34)}${measured.map((m) => cell(m.loadAverage.split(' ')[0]!)).join('')}`);

  const results = {
    date: new Date().toISOString(),
    machine: { cores: os.availableParallelism(), node: process.version },
    database,
    storage: 's3 (s3rver)',
    sites: SITES,
    rounds: ROUNDS,
    eventConnections: CONNECTIONS,
    eventBatch: BATCH,
    durationS: DURATION_S,
    layouts: measured,
    ratios: {
      publishes: Object.fromEntries(measured.map((m) => [m.label, Number((m.publishesPerMinute / single.publishesPerMinute).toFixed(3))])),
      events: Object.fromEntries(measured.filter((m) => m.eventsPerSecond !== undefined).map((m) => [m.label, Number((m.eventsPerSecond! / single.eventsPerSecond!).toFixed(3))])),
    },
  };
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, 'cluster.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nWritten to bench/results/cluster.json');
}

await main();
