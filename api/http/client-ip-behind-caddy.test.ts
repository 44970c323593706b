import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { THROTTLE } from '../identity/login-throttle.ts';
import { type RunningServer, startServer } from '../server.ts';
import { VISITOR_RATE_LIMITS } from '../visitor/visitor-api.ts';
import { startTestCaddy, type TestCaddy } from './test-caddy.ts';

/**
 * Finding 1 of issue 24: behind deploy/Caddyfile every request reached Swipegrid from loopback, so
 * every visitor shared one login limit per address and one visitor rate-limit bucket. Here a real
 * Caddy proxies for clients bound to addresses of their own (127.0.1.x, all loopback on Linux),
 * and Swipegrid trusts only the proxy's address (TRUSTED_PROXIES=127.0.0.1,::1), as docs/deploy.md says.
 */
const OPERATOR = { email: 'proxy-operator@example.com', password: 'Proxy#Pass12' };
const STILL = new Date();

let dataDir: string;
let server: RunningServer;
let caddy: TestCaddy;
let ports: { admin: number; site: number };
let demoHost: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-proxy-'));
  server = await startServer(
    loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'true', TRUSTED_PROXIES: '127.0.0.1,::1' }),
    () => {},
    // The visitor limits refill with the server's clock: held still, a slow run counts exactly as a fast one.
    { clock: () => STILL },
  );
  ports = { admin: Number(new URL(server.adminUrl).port), site: Number(new URL(server.siteUrl).port) };
  caddy = await startTestCaddy({ adminPort: ports.admin, sitePort: ports.site });
  demoHost = new URL(server.demoSiteUrl!).hostname;
}, 120_000);

afterAll(async () => {
  await caddy?.stop();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Call = { from: string; port: number; path: string; host?: string; headers?: Record<string, string>; json: unknown };

/** One POST on a fresh connection whose local address is `from`: the address the proxy (or the server) sees. */
function post({ from, port, path: urlPath, host, headers = {}, json }: Call): Promise<number> {
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent: false,
        method: 'POST',
        path: urlPath,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...(host ? { host } : {}), ...headers },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

const wrongLogin = (from: string, i: number, headers?: Record<string, string>, port = caddy.adminPort) =>
  post({ from, port, path: '/api/auth/login', headers, json: { email: `nobody-${from}-${i}@example.com`, password: 'Wrong#Pass1' } });
const rightLogin = (from: string) => post({ from, port: caddy.adminPort, path: '/api/auth/login', json: OPERATOR });

async function inTurn(times: number, call: (i: number) => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push(await call(i));
  return statuses;
}

describe('behind Caddy, each client is counted by its own address', () => {
  it("one client's login lockout does not lock another client out", async () => {
    const first = await inTurn(THROTTLE.perIp, (i) => wrongLogin('127.0.1.1', i));
    expect(first.every((status) => status === 401)).toBe(true);
    expect(await wrongLogin('127.0.1.1', THROTTLE.perIp)).toBe(429);
    expect(await rightLogin('127.0.1.2')).toBe(200);
  });

  it('a client cannot escape its lockout, nor lock another out, with an X-Forwarded-For header of its own', async () => {
    // Each guess claims another address, the neighbour's among them: all count against the sender.
    const claimed = (i: number) => ({ 'x-forwarded-for': i === 0 ? '127.0.1.4' : `198.51.100.${i}` });
    const guesses = await inTurn(THROTTLE.perIp, (i) => wrongLogin('127.0.1.3', i, claimed(i)));
    expect(guesses.every((status) => status === 401)).toBe(true);
    expect(await wrongLogin('127.0.1.3', THROTTLE.perIp, { 'x-forwarded-for': '203.0.113.200' })).toBe(429);
    expect(await rightLogin('127.0.1.4')).toBe(200);
  });

  it('a client reaching the server directly, not through a trusted proxy, has its X-Forwarded-For ignored', async () => {
    const guesses = await inTurn(THROTTLE.perIp, (i) => wrongLogin('127.0.1.5', i, { 'x-forwarded-for': `198.51.100.${i}` }, ports.admin));
    expect(guesses.every((status) => status === 401)).toBe(true);
    expect(await wrongLogin('127.0.1.5', THROTTLE.perIp, { 'x-forwarded-for': '203.0.113.201' }, ports.admin)).toBe(429);
    expect(await rightLogin('127.0.1.6')).toBe(200);
  });

  it("one visitor's events rate limit (the lean events path) does not touch another visitor's", async () => {
    const batch = { siteId: server.demoSiteId, events: [{ type: 'dwell', cell: 'A1', ms: 1 }] };
    const send = (from: string) => post({ from, port: caddy.sitePort, host: demoHost, path: '/api/end-user/events', json: batch });
    const first = await inTurn(VISITOR_RATE_LIMITS.events, () => send('127.0.1.7'));
    expect(first.every((status) => status === 202)).toBe(true);
    expect(await send('127.0.1.7')).toBe(429);
    expect(await send('127.0.1.8')).toBe(202);
  });

  it("one visitor's form rate limit (through Hono) does not touch another visitor's", async () => {
    const contact = (from: string) =>
      post({ from, port: caddy.sitePort, host: demoHost, path: '/api/contact', json: { siteId: server.demoSiteId, data: { email: 'a@example.com', companyName: 'x' }, lang: 'en' } });
    const first = await inTurn(VISITOR_RATE_LIMITS.forms, () => contact('127.0.1.9'));
    expect(first.every((status) => status !== 429)).toBe(true);
    expect(await contact('127.0.1.9')).toBe(429);
    expect(await contact('127.0.1.10')).not.toBe(429);
  });
});
