import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { SiteView } from '../../model/site-view.ts';
import { serverAddresses, type ServerAddresses } from '../server-process.ts';
import { pngBytes } from '../test-support.ts';

/**
 * The backup as an operator runs it: `swipegrid backup` in a process of its own beside a server
 * process that keeps answering visitors, then `swipegrid restore` into an empty folder and a second
 * server on it. Nothing is shared with the test's process but files and sockets.
 */
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const PASSWORD = 'Operator-pass1!';
const EMAIL = 'owner@example.com';
/** 20 submissions a second from one address: the forms' limit (20 a minute) raised past it, as the benchmark does. */
const RATE_LIMIT_SCALE = '1000';

const folders: string[] = [];
const servers: ChildProcess[] = [];

afterAll(async () => {
  for (const server of servers) await stop(server);
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const environment = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  SITE_PORT: '0',
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  SEED_DEMO: 'false',
  NODE_ENV: 'test',
  VISITOR_RATE_LIMIT_SCALE: RATE_LIMIT_SCALE,
});

async function startServer(dataDir: string): Promise<ServerAddresses> {
  const child = spawn(process.execPath, [CLI, 'serve'], { env: environment(dataDir), stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(child);
  return serverAddresses(child);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await ended;
}

/** One `swipegrid` command run to its end: its exit code and what it printed. */
function runCommand(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: environment(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type Reply = { status: number; body: Buffer };

/** A request to a server's site port with the Host of a site's own origin, which Node's fetch cannot set; the answer's bytes as sent. */
function onHost(siteUrl: string, host: string, path: string, init: { method?: string; json?: unknown } = {}): Promise<Reply> {
  const address = new URL(siteUrl);
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    const req = httpRequest({ host: address.hostname, port: address.port, path, method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The back office over HTTP, signed in as the first operator. */
async function signIn(adminUrl: string) {
  const login = await fetch(`${adminUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return async (method: string, path: string, body?: unknown, expected = 200): Promise<Response> => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${adminUrl}${path}`, {
      method,
      headers: { cookie, ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
}

type Call = Awaited<ReturnType<typeof signIn>>;

async function publishedSite(call: Call): Promise<SiteView> {
  const site = (await (await call('POST', '/api/site', { name: 'Backed up under load', numberHorizontal: 2, numberVertical: 1 }, 201)).json()) as SiteView;
  const form = new FormData();
  form.append('file', new File([new Uint8Array(await pngBytes(60, 90, '#336699'))], 'cover.png', { type: 'image/png' }));
  const { url } = (await (await call('POST', `/api/site/${site.id}/media`, form, 201)).json()) as { url: string };
  for (const creative of site.creatives) {
    await call('PUT', `/api/site/${site.id}/page/${creative.pages[0]!.id}?lang=jp`, { detail: { imageUrl: url, mainText: `Page ${creative.letters}` } });
  }
  const { publishId } = (await (await call('POST', `/api/site/${site.id}/publish`, undefined, 202)).json()) as { publishId: string };
  for (;;) {
    const status = (await (await call('GET', `/api/site/${site.id}/publish/${publishId}`)).json()) as { status: string; error: string | null };
    if (status.status === 'done') return site;
    if (status.status === 'failed') throw new Error(`publish failed: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The host of the site's own origin on a server, where the shared host's address of the site redirects. */
async function siteHost(siteId: string, server: ServerAddresses): Promise<string> {
  const entry = await fetch(`${server.siteUrl}/sites/${siteId}/`, { redirect: 'manual' });
  const location = entry.headers.get('location');
  if (entry.status !== 301 || !location) throw new Error(`the site's shared address answered ${entry.status}, not its own origin`);
  return new URL(location, server.siteUrl).host;
}

/** The contact entries' company names, through the owner's CSV export. */
async function contactNames(call: Call, siteId: string): Promise<Set<string>> {
  const csv = await (await call('GET', `/api/site-contact/${siteId}/export-csv`)).text();
  return new Set(csv.match(/load-\d{5}/g) ?? []);
}

describe('swipegrid backup while visitors send forms, then swipegrid restore', () => {
  it('keeps every submission answered before the backup began, taken while 20 a second arrive, and the restored instance serves the same live site', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-backup-load-'));
    const spare = await mkdtemp(join(tmpdir(), 'swipegrid-backup-load-out-'));
    folders.push(dataDir, spare);
    const original = await startServer(dataDir);
    const call = await signIn(original.adminUrl);
    const site = await publishedSite(call);
    const host = await siteHost(site.id, original);

    const answered: { name: string; at: number }[] = [];
    const refused: string[] = [];
    const pending: Promise<void>[] = [];
    let stopped = false;
    const traffic = (async () => {
      for (let n = 0; !stopped; n++) {
        const name = `load-${String(n).padStart(5, '0')}`;
        const post = onHost(original.siteUrl, host, '/api/contact', { method: 'POST', json: { siteId: site.id, data: { email: 'ann@example.com', companyName: name }, lang: 'en' } });
        pending.push(
          post.then(
            (reply) => {
              if (reply.status === 201) answered.push({ name, at: performance.now() });
              else refused.push(`${name}: ${reply.status} ${reply.body.toString('utf8')}`);
            },
            (error: unknown) => {
              refused.push(`${name}: ${String(error)}`);
            },
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const out = join(spare, 'swipegrid.backup');
    const began = performance.now();
    const backup = await runCommand(['backup', '--out', out], dataDir);
    const ended = performance.now();
    expect(backup.code, backup.stderr).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stopped = true;
    await traffic;
    await Promise.all(pending);

    // The server answered every visitor while the backup ran.
    expect(refused).toEqual([]);
    const before = answered.filter((entry) => entry.at < began).map((entry) => entry.name);
    const after = answered.filter((entry) => entry.at > ended).map((entry) => entry.name);
    expect(before.length).toBeGreaterThan(10);
    expect(after.length).toBeGreaterThan(5);

    // Over a folder that holds an install, restore is refused, and the install is left as it was.
    const refusedRestore = await runCommand(['restore', '--from', out], dataDir);
    expect(refusedRestore.code).toBe(2);
    expect(refusedRestore.stderr).toContain('is not empty');
    expect((await contactNames(call, site.id)).size).toBe(answered.length);

    const restoredDir = join(spare, 'restored');
    const restoredRun = await runCommand(['restore', '--from', out], restoredDir);
    expect(restoredRun.code, restoredRun.stderr).toBe(0);
    expect(await readdir(restoredDir)).toContain('storage');
    const restored = await startServer(restoredDir);
    const restoredCall = await signIn(restored.adminUrl);

    const kept = await contactNames(restoredCall, site.id);
    expect(before.filter((name) => !kept.has(name))).toEqual([]);
    // What was answered after the backup ended is not in it: the copy is of one moment during the traffic.
    expect(after.filter((name) => kept.has(name))).toEqual([]);

    const restoredHost = await siteHost(site.id, restored);
    const page = await onHost(original.siteUrl, host, '/');
    const servedPage = await onHost(restored.siteUrl, restoredHost, '/');
    expect(page.status).toBe(200);
    expect(servedPage.status).toBe(200);
    expect(servedPage.body.equals(page.body)).toBe(true);
    const html = page.body.toString('utf8');
    expect(html).toContain('Page A');
    const image = /<img[^>]+src="([^"]+)"/.exec(html)?.[1];
    expect(image, 'an image on the first page').toBeDefined();
    const imagePath = new URL(image!.replaceAll('&amp;', '&'), `http://${host}/`).pathname;
    const picture = await onHost(original.siteUrl, host, imagePath);
    const servedPicture = await onHost(restored.siteUrl, restoredHost, imagePath);
    expect(picture.status).toBe(200);
    expect(picture.body.length).toBeGreaterThan(0);
    expect(servedPicture.status).toBe(200);
    expect(servedPicture.body.equals(picture.body)).toBe(true);
  });
});
