import { closeDatabase } from '../api/db/open-database.ts';
import { sqlGet } from '../api/db/test-sql.ts';
/**
 * Visitor API benchmark (`node bench/visitor.bench.ts`): the real server on loopback with a
 * temporary DATA_DIR, driven by autocannon. It measures analytics events accepted per second
 * and p99 latency for `POST /api/end-user/events` in batches of 10, applicant clicks per
 * second against a limit (checking that not one applicant too many is counted), and the same
 * figures for a bare Hono "ok" route in the same run, so the ratio shows our overhead.
 *
 * Each server runs in a process of its own (as in production), autocannon in this one, so the
 * load generator does not share the server's event loop. It prints figures and never asserts
 * a time: machines differ. Figures also go to bench/results/visitor.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonResult } from 'autocannon';
import { openDatabase } from '../api/db/open-database.ts';
import { ensureBuilt } from '../scripts/build-template.ts';

// BENCH_CONNECTIONS shows how group commit widens with more visitors at once; the recorded figure uses 10.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// BENCH_RATE (requests a second) holds the events run at a fixed rate: group commit then makes batches of the same size
// whatever the neighbours' load, so CPU per request compares between two versions of the code. Unset: as fast as it goes.
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const DURATION_S = 8;
const BATCH = 10;
const APPLICANT_LIMIT = 5000;
const APPLICANT_ATTEMPTS = 2 * APPLICANT_LIMIT;
const PASSWORD = 'Bench#Pass1';

function line(label: string, value: string) {
  console.log(`  ${label.padEnd(46)}${value}`);
}

/** Responses per second over the whole run (a fixed-amount run ends mid-second, so its per-second samples would undercount). */
const perSecond = (result: AutocannonResult) => result.requests.total / result.duration;
const count = (result: AutocannonResult, status: number) => result.statusCodeStats[String(status)]?.count ?? 0;

type Child = { process: ChildProcess; lines: Map<string, string> };

/** Starts a server process and waits for the lines it prints at start (`Label: value`) until `ready` appears. */
async function startProcess(script: string, env: Record<string, string>, ready: string): Promise<Child> {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = new Map<string, string>();
  const reader = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    reader.on('line', (line) => {
      const match = /^([^:]+):\s+(\S+)/.exec(line);
      if (match) lines.set(match[1]!.trim(), match[2]!);
      if (lines.has(ready)) resolve();
    });
  });
  child.removeAllListeners('exit');
  return { process: child, lines };
}

/** What a thread's name says it does: the main thread, the event writer (a worker), V8's helpers (GC, compiler), libuv's pool. */
type ThreadKind = 'main' | 'writer' | 'v8' | 'libuv' | 'other';
const threadKind = (comm: string): ThreadKind => (comm === 'MainThread' ? 'main' : comm === 'WorkerThread' ? 'writer' : comm.startsWith('V8') ? 'v8' : comm.startsWith('libuv') ? 'libuv' : 'other');

/** utime + stime of a /proc stat line, in seconds: the fields after the command name (which may hold spaces), 12th and 13th. */
function statSeconds(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds a process has used so far (user + system, `all`, threads that ended included), and
 * its live threads' by kind, from /proc: on a shared machine, throughput follows the neighbours'
 * load, while CPU per request follows our code. `other` is the rest (short-lived threads too).
 */
async function cpuSeconds(child: Child): Promise<Record<ThreadKind | 'all', number>> {
  const { pid } = child.process;
  const all = statSeconds(await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''));
  const used = { all, main: 0, writer: 0, v8: 0, libuv: 0, other: all };
  for (const task of await readdir(`/proc/${pid}/task`).catch(() => [])) {
    const [stat, comm] = await Promise.all([readFile(`/proc/${pid}/task/${task}/stat`, 'utf8').catch(() => ''), readFile(`/proc/${pid}/task/${task}/comm`, 'utf8').catch(() => '')]);
    const seconds = statSeconds(stat);
    const kind = threadKind(comm.trim());
    if (!Number.isFinite(seconds) || kind === 'other') continue;
    used[kind] += seconds;
    used.other -= seconds;
  }
  return used;
}

/** CPU µs per request of each kind of thread between two readings. */
function cpuPerRequestOf(before: Record<ThreadKind | 'all', number>, after: Record<ThreadKind | 'all', number>, requests: number): Record<ThreadKind | 'all', number> {
  const per = (key: ThreadKind | 'all') => ((after[key] - before[key]) / requests) * 1e6;
  return { all: per('all'), main: per('main'), writer: per('writer'), v8: per('v8'), libuv: per('libuv'), other: per('other') };
}

async function stopProcess(child: Child): Promise<void> {
  if (child.process.exitCode !== null) return;
  child.process.kill('SIGTERM');
  await once(child.process, 'exit');
}

async function main() {
  await ensureBuilt();
  const dataDir = await mkdtemp(join(os.tmpdir(), 'swipegrid-visitor-bench-'));
  // The limits are raised so that throughput, not refusals, is measured; the limiter still runs on every request.
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    SITE_PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: PASSWORD,
    VISITOR_RATE_LIMIT_SCALE: '1000000',
    NODE_ENV: 'production',
    SMTP_URL: '',
  };
  const swipegrid = await startProcess('../api/server.ts', { ...env, ...(process.env.BENCH_PROFILE ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE}` } : {}) }, 'Demo site');
  const bareProcess = await startProcess('./bare-hono.server.ts', {}, 'Listening');
  // The demo is on its own origin, http://demo.localhost:{port}/: the calls connect to loopback and name that host.
  const demo = new URL(swipegrid.lines.get('Demo site')!);
  const server = {
    adminUrl: swipegrid.lines.get('Swipegrid admin')!.replace(/\/$/, ''),
    siteUrl: `http://127.0.0.1:${demo.port}`,
    siteHost: demo.host,
  };
  const bare = { url: bareProcess.lines.get('Listening')! };
  try {
    const login = await fetch(`${server.adminUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const listed = (await (await fetch(`${server.adminUrl}/api/site`, { headers: { cookie } })).json()) as { sites: { id: string }[] };
    const siteId = listed.sites[0]!.id;
    const day = 24 * 3600_000;
    const popup = { id: 'bench-popup', startDate: new Date(Date.now() - day).toISOString(), endDate: new Date(Date.now() + day).toISOString(), effectivePages: [1], limit: APPLICANT_LIMIT };
    const put = await fetch(`${server.adminUrl}/api/site/${siteId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ popupCtas: { applicantLimit: popup } }),
    });
    if (put.status !== 200) throw new Error(`setting the popup answered ${put.status}`);

    // A visitor's batch as the viewer sends it: a landing, moves, dwell, a click, taps.
    const events = JSON.stringify({
      siteId,
      lang: 'jp',
      events: Array.from({ length: BATCH }, (_, i) =>
        i === 0
          ? { type: 'landing', cell: 'A1', pageId: 'bench-page', referrerHost: 'www.example.com', utmSource: 'bench' }
          : i % 3 === 1
            ? { type: 'slide_page', cell: 'A1', to: 'A2', direction: 'down', pageId: 'bench-page' }
            : i % 3 === 2
              ? { type: 'click_cta_btn', cell: 'A2', pageId: 'bench-page', targetId: 'b1' }
              : { type: 'tap', cell: 'A2', x: 7, y: 20 },
      ),
    });
    console.log(`Visitor API on loopback, ${CONNECTIONS} connections, ${DURATION_S} s a run, ${os.availableParallelism()} cores${RATE ? `, events at ${RATE} requests/s` : ''}`);

    // Warm both servers so the first run does not pay for JIT and connection set-up.
    const warmUp = await autocannon({
      url: `${server.siteUrl}/api/end-user/events`,
      method: 'POST',
      body: events,
      headers: { host: server.siteHost, 'content-type': 'text/plain' },
      connections: CONNECTIONS,
      duration: 1,
    });
    await autocannon({ url: `${bare.url}/ok`, method: 'POST', body: events, connections: CONNECTIONS, duration: 1 });

    const bareCpu = await cpuSeconds(bareProcess);
    const bareRun = await autocannon({ url: `${bare.url}/ok`, method: 'POST', body: events, headers: { 'content-type': 'text/plain' }, connections: CONNECTIONS, duration: DURATION_S });
    const bareCpuUsed = (await cpuSeconds(bareProcess)).all - bareCpu.all;
    const eventsCpu = await cpuSeconds(swipegrid);
    // The load generator's own CPU (autocannon, this process): on a 2-core machine it shares the cores with the server.
    const loadCpu = process.cpuUsage();
    const eventsRun = await autocannon({
      url: `${server.siteUrl}/api/end-user/events`,
      method: 'POST',
      body: events,
      headers: { host: server.siteHost, 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (iPhone) Mobile', cookie: 'sessionId=bench-session; variationId=bench-variant' },
      connections: CONNECTIONS,
      duration: DURATION_S,
      ...(RATE ? { overallRate: RATE } : {}),
    });
    const eventsCpuPerRequest = cpuPerRequestOf(eventsCpu, await cpuSeconds(swipegrid), eventsRun.requests.total);
    const loadCpuUsed = process.cpuUsage(loadCpu);
    const loadGeneratorMicrosPerRequest = (loadCpuUsed.user + loadCpuUsed.system) / eventsRun.requests.total;
    const applyRun = await autocannon({
      url: `${server.siteUrl}/api/end-user/site/${siteId}/popup-cta/${popup.id}/apply`,
      method: 'POST',
      headers: { host: server.siteHost },
      connections: CONNECTIONS,
      amount: APPLICANT_ATTEMPTS,
    });

    const eventsAccepted = (count(warmUp, 202) + count(eventsRun, 202)) * BATCH;
    const applicantsCounted = count(applyRun, 200);
    // A stop writes what the event queue still holds.
    await stopProcess(swipegrid);
    const db = await openDatabase(join(dataDir, 'swipegrid.sqlite'));
    const storedEvents = ((await sqlGet(db, 'SELECT count(*) AS n FROM visitor_events')) as { n: number }).n;
    const counter = ((await sqlGet(db, 'SELECT clicks FROM popup_cta_counters WHERE popup_id = ?', popup.id)) as { clicks: number } | undefined)?.clicks ?? 0;
    await closeDatabase(db);

    console.log('\nPOST /api/end-user/events (batches of 10)');
    line('requests per second', `${Math.round(perSecond(eventsRun))}  (bare Hono POST ${Math.round(perSecond(bareRun))}, ratio ${(perSecond(eventsRun) / perSecond(bareRun)).toFixed(2)})`);
    line('events accepted per second', `${Math.round(perSecond(eventsRun) * BATCH)}`);
    line('p99 latency', `${eventsRun.latency.p99} ms  (bare Hono ${bareRun.latency.p99} ms)`);
    const cpuPerRequest = { events: eventsCpuPerRequest.all, eventsMain: eventsCpuPerRequest.main, bare: (bareCpuUsed / bareRun.requests.total) * 1e6 };
    line('server CPU per request', `${Math.round(cpuPerRequest.events)} µs, main thread ${Math.round(cpuPerRequest.eventsMain)} µs  (bare Hono ${Math.round(cpuPerRequest.bare)} µs)`);
    line(
      '  by thread',
      `writer ${Math.round(eventsCpuPerRequest.writer)} µs, V8 helpers ${Math.round(eventsCpuPerRequest.v8)} µs, libuv pool ${Math.round(eventsCpuPerRequest.libuv)} µs, other ${Math.round(eventsCpuPerRequest.other)} µs`,
    );
    line('load generator (autocannon) CPU per request', `${Math.round(loadGeneratorMicrosPerRequest)} µs`);
    line('events per CPU second of the main thread', `${Math.round((BATCH * 1e6) / cpuPerRequest.eventsMain)}`);
    line(
      'load average at the end',
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' '),
    );
    line('events accepted / stored (with warm-up)', `${eventsAccepted} / ${storedEvents}`);
    line('non-2xx, errors', `${eventsRun.non2xx}, ${eventsRun.errors}`);
    console.log(`\nPOST …/popup-cta/{id}/apply (${APPLICANT_ATTEMPTS} attempts, limit ${APPLICANT_LIMIT})`);
    line('applicant clicks per second', `${Math.round(perSecond(applyRun))}`);
    line('p99 latency', `${applyRun.latency.p99} ms`);
    line('counted (200) / refused (400) / counter', `${applicantsCounted} / ${count(applyRun, 400)} / ${counter}`);
    line('oversold', `${Math.max(0, counter - APPLICANT_LIMIT)}${counter === APPLICANT_LIMIT && applicantsCounted === APPLICANT_LIMIT ? '  (zero oversell)' : '  (MISMATCH)'}`);

    const results = {
      date: new Date().toISOString(),
      machine: { cores: os.availableParallelism(), node: process.version },
      connections: CONNECTIONS,
      durationS: DURATION_S,
      events: {
        batch: BATCH,
        requestsPerSecond: Math.round(perSecond(eventsRun)),
        eventsPerSecond: Math.round(perSecond(eventsRun) * BATCH),
        p99Ms: eventsRun.latency.p99,
        accepted: eventsAccepted,
        stored: storedEvents,
        non2xx: eventsRun.non2xx,
        serverCpuMicrosPerRequest: Math.round(cpuPerRequest.events),
        mainThreadCpuMicrosPerRequest: Math.round(cpuPerRequest.eventsMain),
        writerThreadCpuMicrosPerRequest: Math.round(eventsCpuPerRequest.writer),
        v8HelpersCpuMicrosPerRequest: Math.round(eventsCpuPerRequest.v8),
        loadGeneratorCpuMicrosPerRequest: Math.round(loadGeneratorMicrosPerRequest),
      },
      applicants: {
        limit: APPLICANT_LIMIT,
        attempts: APPLICANT_ATTEMPTS,
        requestsPerSecond: Math.round(perSecond(applyRun)),
        p99Ms: applyRun.latency.p99,
        counted: applicantsCounted,
        refused: count(applyRun, 400),
        counter,
        oversold: Math.max(0, counter - APPLICANT_LIMIT),
      },
      bareHono: { requestsPerSecond: Math.round(perSecond(bareRun)), p99Ms: bareRun.latency.p99, serverCpuMicrosPerRequest: Math.round(cpuPerRequest.bare) },
      loadAverage: os.loadavg(),
      ratios: { eventsToBare: Number((perSecond(eventsRun) / perSecond(bareRun)).toFixed(3)), applyToBare: Number((perSecond(applyRun) / perSecond(bareRun)).toFixed(3)) },
    };
    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(resultsDir, { recursive: true });
    await writeFile(join(resultsDir, 'visitor.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nWritten to bench/results/visitor.json`);
    if (counter !== APPLICANT_LIMIT || applicantsCounted !== APPLICANT_LIMIT) process.exitCode = 1;
  } finally {
    await stopProcess(swipegrid);
    await stopProcess(bareProcess);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
