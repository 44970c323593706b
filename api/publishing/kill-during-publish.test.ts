import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readLivePointer, readManifest } from '../../publisher/live.ts';
import { objectKey, privateObjectKey } from '../../publisher/versions.ts';
import { createFsStorage } from '../../storage/fs-storage.ts';
import { RESERVED_SEGMENT_PREFIX } from '../../storage/storage.ts';
import { requestOnHost } from '../request-on-host.ts';

/*
 * kill -9 during publish, 20 times. A child process runs the real server on a data folder;
 * this test edits a small site, starts a publish, and kills the child with SIGKILL at a random
 * moment of it (at a random step, after a random delay), while visitors send analytics events
 * and contact-form entries. After each kill: the database passes integrity_check and holds
 * every event and entry that was answered 2xx; the live version is whole (every file of its
 * manifest is in storage with its hash); then a new server starts on the same folder and
 * its start-up leaves no temp file, no publish "running", and the site's recorded version
 * equal to the live pointer's.
 */

const KILLS = 20;
const PASSWORD = 'Kill#Pass1';
const CHILD = fileURLToPath(new URL('./kill-during-publish.child.ts', import.meta.url));
const STEPS = ['images', 'pages', 'upload'] as const;
const progressSchema = z.object({ step: z.string().optional() });

let dir: string;
let env: Record<string, string>;
const children = new Set<ChildProcess>();

type Server = { child: ChildProcess; adminUrl: string; siteUrl: string };
type Loaded = { child: ChildProcess; start(): Promise<Server> };

/** Spawns a server process that loads its code now and starts when `start()` is called. */
function load(): Loaded {
  const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const lines = new Map<string, string>();
  const reader = createInterface({ input: child.stdout! });
  const waitFor = (label: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const value = lines.get(label);
        if (value !== undefined) resolve(value);
        return value !== undefined;
      };
      if (check()) return;
      const onExit = (code: number | null) => reject(new Error(`the server exited (${code}) before "${label}":\n${stderr.join('')}`));
      child.once('exit', onExit);
      reader.on('line', function listener() {
        if (check()) {
          reader.off('line', listener);
          child.off('exit', onExit);
        }
      });
    });
  reader.on('line', (line) => {
    const match = /^([^:]+):\s+(.+)$/.exec(line);
    if (match) lines.set(match[1]!.trim(), match[2]!);
    else if (line === 'loaded') lines.set('loaded', '');
  });
  const loaded = waitFor('loaded');
  // A server killed before it loaded (the spare one, at the end) is not an error of the test.
  loaded.catch(() => {});
  return {
    child,
    async start() {
      await loaded;
      child.stdin!.write('start\n');
      const adminUrl = (await waitFor('Swipegrid admin')).trim().replace(/\/$/, '');
      // "http://{handle}.localhost:port/   (or http://localhost:port/sites/{siteId}/, …)": the shared host is the second.
      const siteUrl = /\(or (\S+?)\/sites\//.exec(await waitFor('Published sites'))?.[1] ?? '';
      return { child, adminUrl, siteUrl };
    },
  };
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/**
 * A request to the site's own origin, `{handle}.localhost:{port}`: Node's fetch can neither resolve
 * that name nor set a Host header, so this goes to the server's address with the site's Host.
 */
async function onSiteOrigin(server: Server, handle: string, pathname: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<number> {
  return (await requestOnHost(server.siteUrl, `${handle}.localhost:${new URL(server.siteUrl).port}`, pathname, init)).status;
}

/** Visitors sending events (3 per request, one session id per request) and contact-form entries (one company name each) until stopped; records what was answered 2xx. */
function visitors(server: Server, site: { id: string; handle: string }, tag: string, answered: { sessions: Set<string>; entries: Set<string> }) {
  let stopped = false;
  let n = 0;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
  async function sendEvents() {
    while (!stopped) {
      const session = `${tag}-${n++}`;
      const events = Array.from({ length: 3 }, (_, i) => ({ type: 'dwell', cell: 'A1', ms: i }));
      const status = await onSiteOrigin(server, site.handle, '/api/end-user/events', {
        method: 'POST',
        headers: { cookie: `sessionId=${session}` },
        body: JSON.stringify({ siteId: site.id, events }),
      }).catch(() => 0);
      if (status === 202) answered.sessions.add(session);
      await pause();
    }
  }
  async function sendEntries() {
    while (!stopped) {
      const company = `${tag}-${n++}`;
      const status = await onSiteOrigin(server, site.handle, '/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siteId: site.id, data: { email: 'visitor@example.com', companyName: company }, lang: 'en' }),
      }).catch(() => 0);
      if (status === 201) answered.entries.add(company);
      await pause();
    }
  }
  const running = Promise.all([sendEvents(), sendEvents(), sendEntries()]);
  return async () => {
    stopped = true;
    await running;
  };
}

/** Reads a publish's server-sent events, calling `onEvent` with each event's type and step. */
async function followPublish(server: Server, cookie: string, eventsPath: string, onEvent: (type: string, step: string | undefined) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    const response = await fetch(`${server.adminUrl}${eventsPath}`, { headers: { cookie } });
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      const blocks = buffered.split('\n\n');
      // The last piece is an event not yet complete.
      buffered = blocks.pop()!;
      for (const block of blocks) {
        const type = /^event: (.*)$/m.exec(block)?.[1] ?? '';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        const step = data ? progressSchema.parse(JSON.parse(data)).step : undefined;
        onEvent(type, step);
      }
    }
  } catch {
    // The server was killed mid-stream.
  }
}

const sha256 = (body: Uint8Array) => createHash('sha256').update(body).digest('hex');

/** The live version, after checking that every file it names is in storage with its hash. */
async function wholeLiveVersion(siteId: string): Promise<number> {
  const storage = createFsStorage({ root: path.join(dir, 'storage'), publicBaseUrl: '/' });
  const pointer = await readLivePointer(storage, siteId);
  expect(pointer).not.toBeNull();
  const manifest = await readManifest(storage, siteId, pointer!.version);
  expect(manifest?.version).toBe(pointer!.version);
  const objects = [
    ...Object.values(manifest!.files).map((file) => ({ key: objectKey(file.hash), file })),
    ...Object.values(manifest!.private).map((file) => ({ key: privateObjectKey(file.hash), file })),
  ];
  for (const { key, file } of objects) {
    const object = await storage.get(key);
    expect(object, key).not.toBeNull();
    expect(sha256(object!.body), key).toBe(file.hash);
  }
  for (const asset of manifest!.assets) expect(await storage.head(asset), asset).not.toBeNull();
  return pointer!.version;
}

async function tempFilesLeft(): Promise<string[]> {
  const names = await readdir(path.join(dir, 'storage'), { recursive: true });
  return names.filter((name) => path.basename(name).startsWith(RESERVED_SEGMENT_PREFIX));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-kill-'));
  env = {
    DATA_DIR: dir,
    PORT: '0',
    SITE_PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: PASSWORD,
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    VISITOR_RATE_LIMIT_SCALE: '1000',
    // Twenty-one starts of the same code: V8's compile cache spares most of the parsing.
    NODE_COMPILE_CACHE: path.join(dir, 'compile-cache'),
  };
});

afterAll(async () => {
  await Promise.all([...children].map(kill));
  await rm(dir, { recursive: true, force: true });
});

describe('kill -9 during publish', () => {
  it(`leaves, after each of ${KILLS} kills, a whole live version, a sound database with every answered event and form entry, and no temp file after restart`, { timeout: 600_000 }, async () => {
    let next = load();
    let server = await next.start();
    next = load();
    const login = await fetch(`${server.adminUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const admin = (server: Server, pathname: string, init: RequestInit = {}) =>
      fetch(`${server.adminUrl}${pathname}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...init.headers } });
    const created = await admin(server, '/api/site', { method: 'POST', body: JSON.stringify({ name: 'Kill test', numberHorizontal: 1, numberVertical: 2, defaultLanguage: 'en', languages: ['en'] }) });
    expect(created.status).toBe(201);
    const view = (await created.json()) as { id: string; settings: { handle?: string } };
    const siteId = view.id;
    const site = { id: siteId, handle: view.settings.handle ?? '' };
    expect(site.handle).not.toBe('');
    const first = (await (await admin(server, `/api/site/${siteId}/publish`, { method: 'POST' })).json()) as { events: string };
    await followPublish(server, cookie, first.events, () => {});

    const database = path.join(dir, 'swipegrid.sqlite');
    const answered = { sessions: new Set<string>(), entries: new Set<string>() };
    const killedAt: string[] = [];
    let midPublish = 0;
    for (let round = 0; round < KILLS; round++) {
      const before = await wholeLiveVersion(siteId);
      const stopVisitors = visitors(server, site, `r${round}`, answered);
      // Each round publishes a changed draft, so every publish renders, uploads and switches.
      expect((await admin(server, `/api/site/${siteId}`, { method: 'PUT', body: JSON.stringify({ seo: { title: `Round ${round}` } }) })).status).toBe(200);
      const started = await admin(server, `/api/site/${siteId}/publish`, { method: 'POST' });
      expect(started.status).toBe(202);
      const { events } = (await started.json()) as { events: string };
      // A random moment: at a random step (or after the end), then a random delay.
      const target = Math.random() < 0.1 ? 'done' : STEPS[Math.floor(Math.random() * STEPS.length)]!;
      const delay = Math.floor(Math.random() * 30);
      let killing: Promise<void> | undefined;
      const killAfterDelay = (at: string) => {
        killing ??= new Promise((resolve) => setTimeout(resolve, delay)).then(() => {
          killedAt.push(`${at}+${delay}ms`);
          return kill(server.child);
        });
      };
      await followPublish(server, cookie, events, (type, step) => {
        if (step === target || (type !== 'progress' && target === 'done')) killAfterDelay(target);
      });
      killAfterDelay(`end(${target})`);
      await killing;
      await stopVisitors();
      expect(server.child.signalCode).toBe('SIGKILL');

      // The killed server's database, as it left it.
      const db = new Database(database);
      expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const sessions = new Map((db.prepare('SELECT session_id AS id, count(*) AS n FROM visitor_events GROUP BY session_id').all() as { id: string; n: number }[]).map((row) => [row.id, row.n]));
      const missingEvents = [...answered.sessions].filter((session) => sessions.get(session) !== 3);
      expect(missingEvents, 'events answered 202 but not stored').toEqual([]);
      const entries = new Set((db.prepare("SELECT json_extract(data, '$.companyName') AS id FROM form_entries").all() as { id: string }[]).map((row) => row.id));
      expect(
        [...answered.entries].filter((entry) => !entries.has(entry)),
        'form entries answered 201 but not stored',
      ).toEqual([]);
      if ((db.prepare("SELECT count(*) AS n FROM publishes WHERE status = 'running'").get() as { n: number }).n > 0) midPublish++;
      db.close();

      const live = await wholeLiveVersion(siteId);
      expect(live === before || live > before, `live version ${live} after ${before}`).toBe(true);

      server = await next.start();
      next = load();
      expect(await tempFilesLeft()).toEqual([]);
      const after = new Database(database, { readonly: true });
      expect(after.prepare("SELECT count(*) AS n FROM publishes WHERE status = 'running'").get()).toEqual({ n: 0 });
      expect(after.prepare('SELECT live_version AS v FROM sites WHERE id = ?').get(siteId)).toEqual({ v: live });
      after.close();
      expect(await onSiteOrigin(server, site.handle, '/')).toBe(200);
    }
    // The kills must have landed inside publishes, not only between them.
    expect(midPublish, killedAt.join(', ')).toBeGreaterThanOrEqual(KILLS / 2);
    expect(answered.sessions.size).toBeGreaterThan(0);
    expect(answered.entries.size).toBeGreaterThan(0);
  });
});
