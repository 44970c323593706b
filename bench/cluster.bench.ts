/**
 * Cluster benchmark (`npm run bench -- cluster`, `-- cluster --sqlite` for one SQLite file,
 * `-- cluster --delay 10` for a farther database): the
 * scaled-out layout of `npm run cluster` on this machine (PostgreSQL, Redis, an S3 server, app
 * nodes and `swipegrid worker`s, each a process of its own) with one app node and with two, beside
 * the single-process layout (one node publishing in its own process, no Redis).
 *
 * The database sits behind a TCP proxy that holds each chunk 2 ms each way (bench/latency-proxy.ts,
 * a process of its own): a remote database, simulated on one machine. Each process's pool is
 * POOL_SIZE connections, so a node is bound by round trips rather than by this machine's cores.
 *
 * - publishes per minute: SITES sites, each edited then published ROUNDS times, one publish of a
 *   site at a time (so none folds into another: every request is a whole publish), all sites at once;
 * - visitor events per second: batches of 10 posted by autocannon for DURATION_S, CONNECTIONS_PER_NODE
 *   connections to each node (each node offered the same load: two nodes are offered twice one's);
 * - contact forms per second: the same, each request one form entry (a transaction, and its mail);
 * - a slow report beside visitors (the one-node layout): two visitor calls (the contact form's
 *   settings, a read; analytics events) at a fixed REPORT_RATE each, on their own and while the
 *   node serves analytics rankings that each take about 2 s in the database (an operator's
 *   transaction holds the `pages` table the report counts first, 2 s at a time), their p99
 *   latency compared: four phases of each in turn, the median of each kind's p99s.
 *
 * Prints the layouts side by side and never asserts a time: machines differ. Figures go to
 * bench/results/cluster.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonResult } from 'autocannon';
import pg from 'pg';
import { startPostgres } from '../api/db/pg/postgres-server.ts';
import { ensureBuilt } from '../scripts/build-template.ts';
import { CLUSTER_DATABASE } from '../scripts/cluster/backing-services.ts';
import { createCluster, type RunningCluster } from '../scripts/cluster/start-cluster.ts';

const SITES = 8;
const ROUNDS = 3;
const DURATION_S = 8;
/** Connections to each node: a node is offered the same load whatever the number of nodes. */
const CONNECTIONS_PER_NODE = 8;
const BATCH = 10;
/** Added by the proxy to each chunk, each way: 2 ms, or `--delay N`. */
const delayFlag = process.argv.indexOf('--delay');
const PROXY_DELAY_MS = delayFlag > 0 ? Number(process.argv[delayFlag + 1]) : 2;
/** DATABASE_POOL_SIZE of every process (a node has two pools: its own and its analytics writer's). */
const POOL_SIZE = 4;
/**
 * Requests a second of the visitor load beside the slow report: a fifth of what a node took in the
 * throughput runs here (about 100 batches a second), so its latency is the node's, not a queue's.
 */
const REPORT_RATE = 20;
/** How long an operator's transaction holds the table the ranking counts first: the report's time in the database. */
const REPORT_HOLD_MS = 2_000;
/** Idle and beside-report phases, in turn, DURATION_S each. */
const REPORT_PHASES = 4;
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench#Pass1';

const sqlite = process.argv.includes('--sqlite');
/** Every line of the processes of the last run, for when a layout fails or a figure surprises. */
const LOG_FILE = join(os.tmpdir(), 'swipegrid-cluster-bench.log');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

type Layout = { label: string; nodes: number; workers: number; report: boolean };
type Throughput = { perSecond: number; p99Ms: number; non2xx: number };
type ProbeLatency = {
  /** The median of the phases' p99s. */
  idleP99Ms: number;
  withReportP99Ms: number;
  phases: { idleP99Ms: number[]; withReportP99Ms: number[] };
};
type SlowReport = {
  contactSetting: ProbeLatency;
  events: ProbeLatency;
  reports: number;
  reportMedianMs: number;
  non2xx: number;
};
type Measured = {
  label: string;
  nodes: number;
  workers: number;
  publishes: number;
  publishSeconds: number;
  publishesPerMinute: number;
  events: Throughput;
  forms: Throughput;
  slowReport?: SlowReport;
  loadAverage: string;
};

async function session(adminUrl: string): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
  const login = await fetch(`${adminUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const ask = (path: string, init: RequestInit) => fetch(`${adminUrl}${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...init.headers } });
  // A kept-alive socket the node closed just as it was reused fails the request before it was read: a read is simply asked again.
  return (path, init = {}) => ask(path, init).catch((error: unknown) => ((init.method ?? 'GET') === 'GET' ? ask(path, init) : Promise.reject(error)));
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

/** A site's handle: its own origin is `{handle}.localhost:{site port}` on every node. */
async function handleOf(cluster: RunningCluster, siteId: string): Promise<string> {
  const admin = await session(cluster.nodes[0]!.adminUrl);
  const listed = (await (await admin('/api/site')).json()) as { sites: Array<{ id: string; url: string }> };
  return new URL(listed.sites.find((site) => site.id === siteId)!.url).hostname.split('.')[0]!;
}

const eventsBody = (siteId: string) =>
  JSON.stringify({
    siteId,
    lang: 'en',
    events: Array.from({ length: BATCH }, (_, i) =>
      i === 0 ? { type: 'landing', cell: 'A1', pageId: 'bench-page', referrerHost: 'www.example.com' } : { type: 'slide_page', cell: 'A1', to: 'A2', direction: 'down', pageId: 'bench-page' },
    ),
  });

type VisitorCall = { method?: 'GET' | 'POST'; path: string; body?: string; contentType?: string; accepted: string; items: number };

const eventsCall = (siteId: string): VisitorCall => ({ path: '/api/end-user/events', body: eventsBody(siteId), contentType: 'text/plain', accepted: '202', items: BATCH });
const settingCall = (siteId: string): VisitorCall => ({ method: 'GET', path: `/api/end-user/site/${siteId}/contact-setting`, accepted: '200', items: 1 });
const formCall = (siteId: string): VisitorCall => ({
  path: '/api/contact',
  body: JSON.stringify({ siteId, data: { email: 'visitor@example.com', companyName: 'Bench' }, lang: 'en' }),
  contentType: 'application/json',
  accepted: '201',
  items: 1,
});

/** autocannon against one node's site host, as a visitor of the site with `handle`. */
function visit(siteUrl: string, handle: string, call: VisitorCall, options: { duration: number; connections: number; overallRate?: number }): Promise<AutocannonResult> {
  const port = new URL(siteUrl).port;
  return autocannon({
    url: `http://127.0.0.1:${port}${call.path}`,
    method: call.method ?? 'POST',
    ...(call.body === undefined ? {} : { body: call.body }),
    headers: {
      host: `${handle}.localhost:${port}`,
      ...(call.contentType ? { 'content-type': call.contentType } : {}),
      'user-agent': 'Mozilla/5.0 (iPhone) Mobile',
      cookie: 'sessionId=bench-session',
    },
    ...options,
  });
}

/** `call` posted to every node at once for DURATION_S, CONNECTIONS_PER_NODE connections each, after a second's warm-up. */
async function measureThroughput(cluster: RunningCluster, handle: string, call: VisitorCall): Promise<Throughput> {
  const load = (duration: number) => Promise.all(cluster.nodes.map((node) => visit(node.siteUrl, handle, call, { duration, connections: CONNECTIONS_PER_NODE })));
  await load(1);
  const runs = await load(DURATION_S);
  const accepted = runs.reduce((sum, run) => sum + (run.statusCodeStats[call.accepted]?.count ?? 0), 0);
  return {
    perSecond: Math.round((accepted * call.items) / DURATION_S),
    p99Ms: Math.max(...runs.map((run) => run.latency.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

/**
 * Two visitor calls at REPORT_RATE each to the first node, on their own, then while that node
 * serves one analytics ranking after another, each held REPORT_HOLD_MS in the database: an
 * operator's transaction (straight to PostgreSQL, not through the node) locks the `pages` table the
 * ranking counts first, for that long, so the node waits on the database as for a slow query. The
 * calls: the contact form's settings (a read on the node's own pool, where the report's
 * connection is taken from) and analytics events (queued for the node's writer thread).
 */
async function measureSlowReport(cluster: RunningCluster, handle: string, siteId: string, directUrl: string): Promise<SlowReport> {
  const node = cluster.nodes[0]!;
  const probes = { contactSetting: settingCall(siteId), events: eventsCall(siteId) };
  const steady = async (duration: number) => {
    const [contactSetting, events] = await Promise.all([probes.contactSetting, probes.events].map((call) => visit(node.siteUrl, handle, call, { duration, connections: 2, overallRate: REPORT_RATE })));
    return { contactSetting: contactSetting!, events: events! };
  };
  const admin = await session(node.adminUrl);
  // A ranking needs 10 pages (B §9): a site of 12 for it.
  const created = await admin('/api/site', { method: 'POST', body: JSON.stringify({ name: 'Reported', numberHorizontal: 4, numberVertical: 3, defaultLanguage: 'en', languages: ['en'] }) });
  if (created.status !== 201) throw new Error(`creating a site answered ${created.status}`);
  const reported = ((await created.json()) as { id: string }).id;
  const ranking = `/api/analysis/site/${reported}/ranking?by=views`;
  const first = await admin(ranking);
  if (first.status !== 200) throw new Error(`the ranking answered ${first.status}: ${await first.text()}`);
  await steady(1);

  const operator = new pg.Client({ connectionString: directUrl });
  await operator.connect();
  const durations: number[] = [];
  /** Rankings one after another, each held REPORT_HOLD_MS, until `running` is false. */
  const reportsWhile = async (running: () => boolean) => {
    while (running()) {
      await operator.query('begin');
      await operator.query('lock table pages in access exclusive mode');
      const started = performance.now();
      const answered = admin(ranking);
      await sleep(REPORT_HOLD_MS);
      await operator.query('commit');
      const response = await answered;
      if (response.status !== 200) throw new Error(`the ranking answered ${response.status}`);
      await response.arrayBuffer();
      durations.push(performance.now() - started);
    }
  };
  // Idle and beside reports in turn, REPORT_PHASES times each: on a shared machine one pair could meet another process's burst.
  const idle: Awaited<ReturnType<typeof steady>>[] = [];
  const loaded: Awaited<ReturnType<typeof steady>>[] = [];
  for (let phase = 0; phase < REPORT_PHASES; phase++) {
    idle.push(await steady(DURATION_S));
    let running = true;
    const reports = reportsWhile(() => running);
    loaded.push(await steady(DURATION_S));
    running = false;
    await reports;
  }
  await operator.end();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const probe = (name: keyof typeof probes): ProbeLatency => {
    const idleP99 = idle.map((run) => run[name].latency.p99);
    const loadedP99 = loaded.map((run) => run[name].latency.p99);
    return { idleP99Ms: median(idleP99), withReportP99Ms: median(loadedP99), phases: { idleP99Ms: idleP99, withReportP99Ms: loadedP99 } };
  };
  return {
    contactSetting: probe('contactSetting'),
    events: probe('events'),
    reports: durations.length,
    reportMedianMs: Math.round(median(durations)),
    non2xx: [...idle, ...loaded].reduce((sum, run) => sum + run.contactSetting.non2xx + run.events.non2xx, 0),
  };
}

/** The latency proxy as a process of its own, in front of `target`; resolves once it listens. */
async function startProxy(target: URL): Promise<{ port: number; stop(): Promise<void> }> {
  const script = fileURLToPath(new URL('./latency-proxy.ts', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [script, '--target', `${target.hostname}:${target.port}`, '--delay', String(PROXY_DELAY_MS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => [''])])) as [string];
  const port = Number(/^listening (\d+)$/.exec(line)?.[1]);
  if (!port) throw new Error('the latency proxy did not start');
  return {
    port,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** One round trip's time through `url`, the median of 50 `select 1`: what the proxy adds. */
async function roundTripMs(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    await client.query('select 1');
    times.push(performance.now() - started);
  }
  await client.end();
  times.sort((a, b) => a - b);
  return Number(times[25]!.toFixed(2));
}

async function main() {
  await ensureBuilt();
  const dataDir = await mkdtemp(join(os.tmpdir(), 'swipegrid-cluster-bench-'));
  // PostgreSQL runs as its own user when this runs as root: it must reach its folder inside.
  await chmod(dataDir, 0o755);
  await writeFile(LOG_FILE, '');
  const layouts: Layout[] = [
    { label: 'single process', nodes: 1, workers: 0, report: false },
    { label: '1 node', nodes: 1, workers: 2, report: true },
    { label: '2 nodes', nodes: 2, workers: 2, report: false },
  ];
  const measured: Measured[] = [];
  let database = '';
  let roundTrip: { direct: number; proxied: number } | null = null;
  console.log(`Cluster on loopback, ${os.availableParallelism()} cores, load average ${loadAverage()} at the start; ${SITES} sites × ${ROUNDS} publishes a layout`);
  // PostgreSQL started here rather than by the cluster, so the nodes reach it through the proxy.
  const postgres = sqlite ? null : await startPostgres({ dir: join(dataDir, 'pg') });
  let proxy: Awaited<ReturnType<typeof startProxy>> | null = null;
  try {
    const environment: Record<string, string | undefined> = { ...process.env, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD };
    let directUrl = '';
    if (postgres) {
      const admin = new pg.Client({ connectionString: postgres.url('postgres') });
      await admin.connect();
      await admin.query(`create database ${CLUSTER_DATABASE}`);
      await admin.end();
      directUrl = postgres.url(CLUSTER_DATABASE);
      const direct = new URL(directUrl);
      proxy = await startProxy(direct);
      const proxied = new URL(directUrl);
      proxied.port = String(proxy.port);
      environment.DATABASE_URL = proxied.href;
      roundTrip = { direct: await roundTripMs(directUrl), proxied: await roundTripMs(proxied.href) };
      console.log(`PostgreSQL behind a proxy adding ${PROXY_DELAY_MS} ms each way: a round trip ${roundTrip.direct} ms direct, ${roundTrip.proxied} ms through it; pools of ${POOL_SIZE}`);
    }
    for (const layout of layouts) {
      const cluster = createCluster({
        dataDir,
        sqlite,
        nodes: layout.nodes,
        workers: layout.workers,
        port: 0,
        environment,
        extraEnv: { SEED_DEMO: 'false', NODE_ENV: 'production', SMTP_URL: '', VISITOR_RATE_LIMIT_SCALE: '1000000', DATABASE_POOL_SIZE: String(POOL_SIZE) },
        // The processes' own lines would bury the figures: kept, and shown only when the layout fails.
        log: (line) => {
          appendFileSync(LOG_FILE, `${line}\n`);
          logged.push(line);
          if (logged.length > 200) logged.shift();
        },
      });
      const logged: string[] = [];
      try {
        const running = await cluster.start();
        database = running.database === 'postgres' ? 'PostgreSQL' : 'SQLite';
        // Each node's view of what it depends on, as a load balancer would ask it.
        for (const node of running.nodes) {
          const health = await fetch(`${node.adminUrl}/api/health`);
          const body = (await health.json()) as { database: { ok: boolean }; redis: { ok: boolean } | null };
          if (health.status !== 200 || !body.database.ok || layout.workers > 0 !== (body.redis?.ok === true)) throw new Error(`${node.name}'s health: ${health.status} ${JSON.stringify(body)}`);
        }
        const publishes = await measurePublishes(running, layout.label);
        const siteId = publishes.siteIds[0]!;
        const handle = await handleOf(running, siteId);
        const events = await measureThroughput(running, handle, eventsCall(siteId));
        const forms = await measureThroughput(running, handle, formCall(siteId));
        const slowReport = layout.report && postgres ? await measureSlowReport(running, handle, siteId, directUrl) : undefined;
        const figures: Measured = {
          label: layout.label,
          nodes: layout.nodes,
          workers: layout.workers,
          publishes: publishes.publishes,
          publishSeconds: Number(publishes.seconds.toFixed(2)),
          publishesPerMinute: Math.round((publishes.publishes / publishes.seconds) * 60),
          events,
          forms,
          ...(slowReport ? { slowReport } : {}),
          loadAverage: loadAverage(),
        };
        measured.push(figures);
        console.log(
          `  ${layout.label}: ${figures.publishesPerMinute} publishes/min, ${events.perSecond} events/s, ${forms.perSecond} forms/s` +
            `${slowReport ? `; contact settings p99 ${slowReport.contactSetting.idleP99Ms} ms idle, ${slowReport.contactSetting.withReportP99Ms} ms beside ${slowReport.reports} reports of ${slowReport.reportMedianMs} ms` : ''}  (load ${figures.loadAverage})`,
        );
      } catch (error) {
        console.error(`${logged.join('\n')}\n(every line: ${LOG_FILE})`);
        throw error;
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await proxy?.stop();
    await postgres?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const byLabel = (label: string) => measured.find((m) => m.label === label)!;
  const one = byLabel('1 node');
  const two = byLabel('2 nodes');
  const cell = (text: string) => text.padStart(18);
  const row = (name: string, value: (m: Measured) => string) => console.log(`  ${name.padEnd(34)}${measured.map((m) => cell(value(m))).join('')}`);
  console.log(`\nDatabase ${database}${roundTrip ? ` behind the ${PROXY_DELAY_MS} ms proxy (round trip ${roundTrip.proxied} ms), pools of ${POOL_SIZE}` : ''}, storage S3 (s3rver)`);
  row('', (m) => (m.workers === 0 ? 'single process' : `${m.label}, ${m.workers} workers`));
  row('publishes per minute', (m) => String(m.publishesPerMinute));
  row('visitor events per second', (m) => String(m.events.perSecond));
  row('  p99 latency (ms)', (m) => String(m.events.p99Ms));
  row('contact forms per second', (m) => String(m.forms.perSecond));
  row('  p99 latency (ms)', (m) => String(m.forms.p99Ms));
  row('non-2xx answers', (m) => String(m.events.non2xx + m.forms.non2xx));
  row('load average after', (m) => m.loadAverage.split(' ')[0]!);
  const ratios = {
    events: Number((two.events.perSecond / one.events.perSecond).toFixed(3)),
    forms: Number((two.forms.perSecond / one.forms.perSecond).toFixed(3)),
    publishes: Number((two.publishesPerMinute / one.publishesPerMinute).toFixed(3)),
  };
  console.log(`  two nodes / one node: events ${ratios.events}×, forms ${ratios.forms}×, publishes ${ratios.publishes}× (target ≥ 1.6× for events and forms)`);
  const report = one.slowReport;
  if (report) {
    console.log(`  one node serving ${report.reports} reports of ${report.reportMedianMs} ms (median), visitor p99 (median of ${REPORT_PHASES} phases) idle → beside them (target < +50 ms):`);
    for (const [name, probe] of [
      ['contact settings (its pool)', report.contactSetting],
      ['events (its writer thread)', report.events],
    ] as const) {
      console.log(
        `    ${name.padEnd(28)} ${probe.idleP99Ms} → ${probe.withReportP99Ms} ms (${probe.withReportP99Ms - probe.idleP99Ms >= 0 ? '+' : ''}${probe.withReportP99Ms - probe.idleP99Ms}); phases idle ${probe.phases.idleP99Ms.join(', ')}, beside ${probe.phases.withReportP99Ms.join(', ')}`,
      );
    }
  }

  const results = {
    date: new Date().toISOString(),
    machine: { cores: os.availableParallelism(), node: process.version },
    database,
    ...(roundTrip ? { proxy: { delayEachWayMs: PROXY_DELAY_MS, roundTripMs: roundTrip }, poolSize: POOL_SIZE } : {}),
    storage: 's3 (s3rver)',
    sites: SITES,
    rounds: ROUNDS,
    connectionsPerNode: CONNECTIONS_PER_NODE,
    eventBatch: BATCH,
    durationS: DURATION_S,
    layouts: measured,
    twoNodesOverOne: ratios,
    ...(report ? { slowReport: { rate: REPORT_RATE, holdMs: REPORT_HOLD_MS, how: 'an operator transaction locks `pages` for 2 s; the ranking counts pages first', ...report } } : {}),
  };
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, 'cluster.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nWritten to bench/results/cluster.json');
}

await main();
