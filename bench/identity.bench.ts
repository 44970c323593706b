/**
 * Identity benchmark: the time of one argon2id hash at our parameters (19 MiB, 2 passes) and
 * login requests per second against a real server (autocannon, 10 connections, 10 s), and the
 * median time of forgot-password for a known and an unknown email (they should not differ: the
 * mail goes in the background). Prints the figures and writes bench/results/identity.json.
 * Run: node bench/identity.bench.ts
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import autocannon, { type AutocannonResult } from 'autocannon';
import { hashPassword, verifyPassword } from '../api/identity/password.ts';
import { loadConfig } from '../api/config.ts';
import { startServer } from '../api/server.ts';

const HASHES = 20;
const EMAIL = 'bench@swipegrid.local';
const PASSWORD = 'Bench#Password1';

async function timeHashes(): Promise<{ hashMs: number; verifyMs: number }> {
  await hashPassword('warm-up');
  let started = performance.now();
  let stored = '';
  for (let i = 0; i < HASHES; i++) stored = await hashPassword(`Password#${i}`);
  const hashMs = (performance.now() - started) / HASHES;
  started = performance.now();
  for (let i = 0; i < HASHES; i++) await verifyPassword(`Password#${HASHES - 1}`, stored);
  return { hashMs, verifyMs: (performance.now() - started) / HASHES };
}

/** Accounts the logins take turns on: one account's attempts are reserved before its hash, so more than 5 at once on one would be refused. */
const ACCOUNTS = 10;
const accountEmail = (i: number) => `bench${i}@swipegrid.local`;

async function createAccounts(url: string): Promise<void> {
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  for (let i = 0; i < ACCOUNTS; i++) {
    const created = await fetch(`${url}/api/master/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ companyName: `Bench ${i}`, email: accountEmail(i), accountType: 'USER', planId: 'light', password: PASSWORD }),
    });
    if (created.status !== 201) throw new Error(`creating a bench account answered ${created.status}`);
  }
}

async function loginRate(url: string, password: string): Promise<AutocannonResult> {
  let next = 0;
  return autocannon({
    url: `${url}/api/auth/login`,
    method: 'POST',
    connections: 10,
    duration: 10,
    headers: { 'content-type': 'application/json' },
    requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: accountEmail(next++ % ACCOUNTS), password }) }) }],
  });
}

/** Forgot-password requests per email, each from its own loopback address: 30 per address or per email in 15 minutes is the limit. */
const FORGOT_EACH = 25;

/** One POST from a given local address (any 127.x.y.z is loopback on Linux); its status and milliseconds to the whole answer. */
function postFrom(url: string, body: unknown, localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function forgotPasswordTimes(url: string): Promise<{ knownMs: number; unknownMs: number }> {
  const times = { known: [] as number[], unknown: [] as number[] };
  // Interleaved, so that warming up and the machine's other load fall on both alike.
  for (let i = 0; i < FORGOT_EACH; i++) {
    for (const kind of ['known', 'unknown'] as const) {
      const email = kind === 'known' ? EMAIL : 'nobody@swipegrid.local';
      const answer = await postFrom(`${url}/api/auth/forgot-password`, { email }, `127.0.${kind === 'known' ? 1 : 2}.${i + 1}`);
      if (answer.status !== 200) throw new Error(`forgot-password answered ${answer.status}`);
      times[kind].push(answer.ms);
    }
  }
  return { knownMs: median(times.known), unknownMs: median(times.unknown) };
}

const dataDir = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-identity-'));
try {
  const hashes = await timeHashes();
  console.log(`argon2id (19 MiB, 2 passes): ${hashes.hashMs.toFixed(1)} ms per hash, ${hashes.verifyMs.toFixed(1)} ms per verify (${HASHES} each)`);
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', SEED_DEMO: 'false', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD }), () => {});
  try {
    await createAccounts(server.adminUrl);
    const ok = await loginRate(server.adminUrl, PASSWORD);
    const okStatus = ok.non2xx === 0 ? 'all 200' : `${ok.non2xx} not 2xx`;
    console.log(`successful logins: ${ok.requests.average.toFixed(1)} req/s (p50 ${ok.latency.p50} ms, p99 ${ok.latency.p99} ms, ${okStatus})`);
    const forgot = await forgotPasswordTimes(server.adminUrl);
    console.log(`forgot-password, median of ${FORGOT_EACH}: known email ${forgot.knownMs.toFixed(2)} ms, unknown email ${forgot.unknownMs.toFixed(2)} ms`);
    const results = {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      argon2id: { memoryKiB: 19456, passes: 2, hashMs: Number(hashes.hashMs.toFixed(2)), verifyMs: Number(hashes.verifyMs.toFixed(2)) },
      login: { connections: 10, durationS: 10, requestsPerSecond: Number(ok.requests.average.toFixed(1)), p50Ms: ok.latency.p50, p99Ms: ok.latency.p99, non2xx: ok.non2xx },
      forgotPassword: { requestsEach: FORGOT_EACH, knownMedianMs: Number(forgot.knownMs.toFixed(2)), unknownMedianMs: Number(forgot.unknownMs.toFixed(2)) },
    };
    await mkdir(new URL('./results/', import.meta.url), { recursive: true });
    await writeFile(new URL('./results/identity.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    // autocannon stops sending at the deadline; let the logins it left in flight finish first.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await server.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
