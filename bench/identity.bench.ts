/**
 * Identity benchmark: the time of one argon2id hash at our parameters (19 MiB, 2 passes) and
 * login requests per second against a real server (autocannon, 10 connections, 10 s). Prints the
 * figures and writes bench/results/identity.json. Run: node bench/identity.bench.ts
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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

async function loginRate(url: string, password: string): Promise<AutocannonResult> {
  return autocannon({
    url: `${url}/api/auth/login`,
    method: 'POST',
    connections: 10,
    duration: 10,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password }),
  });
}

const dataDir = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-identity-'));
try {
  const hashes = await timeHashes();
  console.log(`argon2id (19 MiB, 2 passes): ${hashes.hashMs.toFixed(1)} ms per hash, ${hashes.verifyMs.toFixed(1)} ms per verify (${HASHES} each)`);
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', SEED_DEMO: 'false', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD }), () => {});
  try {
    const ok = await loginRate(server.adminUrl, PASSWORD);
    const okStatus = ok.non2xx === 0 ? 'all 200' : `${ok.non2xx} not 2xx`;
    console.log(`successful logins: ${ok.requests.average.toFixed(1)} req/s (p50 ${ok.latency.p50} ms, p99 ${ok.latency.p99} ms, ${okStatus})`);
    const results = {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      argon2id: { memoryKiB: 19456, passes: 2, hashMs: Number(hashes.hashMs.toFixed(2)), verifyMs: Number(hashes.verifyMs.toFixed(2)) },
      login: { connections: 10, durationS: 10, requestsPerSecond: Number(ok.requests.average.toFixed(1)), p50Ms: ok.latency.p50, p99Ms: ok.latency.p99, non2xx: ok.non2xx },
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
