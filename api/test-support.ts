import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { loadRenderer, type Renderer } from '../publisher/renderer.ts';
import { createStorage } from '../storage/index.ts';
import type { Storage } from '../storage/storage.ts';
import { createAdminApp, type createSiteApp, createSiteServer } from './app.ts';
import { closeDatabase, openDatabase, type Db } from './db/open-database.ts';
import { testDatabaseTarget } from './db/pg/test-database.ts';
import type { PostgresSettings } from './db/pg/postgres-engine.ts';
import { createPublishJobs, type PublishJobs } from './publishing/publish-jobs.ts';
import { createEventQueue, type EventQueue, type EventQueueOptions } from './visitor/event-queue.ts';
import type { PublishResult } from '../publisher/publish.ts';
import type { SiteView } from '../model/site-view.ts';
import type { StoredUpload } from './sites/store-upload.ts';
import { eq } from 'drizzle-orm';
import type { AccountType, AdminRole, Authority, ContractState } from '../model/account.ts';
import { hashPassword } from './identity/password.ts';
import { SESSION_COOKIE } from './identity/sessions.ts';
import { accounts, sites } from './db/schema.ts';
import { adminMembers, oemBrandings } from './db/schema-identity.ts';
import { siteDomains } from './db/schema-access.ts';
import { ensureFirstOperator } from './identity/ensure-first-operator.ts';
import { seedPlans } from './identity/seed-plans.ts';
import { createBackground, type Background } from './mail/background.ts';
import { createMailer, readOutbox, type Mailer, type OutboxEntry } from './mail/mailer.ts';
import { handleOrigin } from '../model/site-origin.ts';
import { createConnectedDomains } from './domains/connected-domains.ts';
import { createAdminHosts } from './branding/admin-hosts.ts';
import { createDomains, type Domains } from './domains/domains.ts';
import type { DomainTarget } from './domains/dns-check.ts';
import type { PaymentProvider } from './billing/payment-provider.ts';

/** The first operator every test context starts with (MASTER). */
export const OPERATOR = { email: 'operator@example.com', password: 'Operator#Pass1' } as const;

export const ADMIN_ORIGIN = 'http://localhost:3000';
export const SITE_ORIGIN = 'http://localhost:3001';

/** Every write that reached the storage, in order; `reset()` forgets them. */
export type WriteLog = { puts: string[]; deletes: string[]; reset(): void };

/**
 * A storage that records the keys of every put and delete before passing them on.
 *
 * @example const { storage, writes } = recordingStorage(inner); … expect(writes.puts).toEqual([]);
 */
export function recordingStorage(inner: Storage): { storage: Storage; writes: WriteLog } {
  const writes: WriteLog = {
    puts: [],
    deletes: [],
    reset() {
      writes.puts.length = 0;
      writes.deletes.length = 0;
    },
  };
  const storage: Storage = {
    put: (key, body, opts) => {
      writes.puts.push(key);
      return inner.put(key, body, opts);
    },
    delete: (key) => {
      writes.deletes.push(key);
      return inner.delete(key);
    },
    deleteMany: (keys) => {
      writes.deletes.push(...keys);
      return inner.deleteMany(keys);
    },
    get: (key) => inner.get(key),
    head: (key) => inner.head(key),
    list: (prefix) => inner.list(prefix),
    publicUrl: (key) => inner.publicUrl(key),
  };
  return { storage, writes };
}

let renderer: Promise<Renderer> | undefined;

/** The built viewer, loaded once per test file (its module import is the slow part). */
export function testRenderer(): Promise<Renderer> {
  renderer ??= loadRenderer();
  return renderer;
}

export type TestRequestInit = RequestInit & { json?: unknown };

export type TestContext = {
  db: Db;
  /** Where `db` lives: the SQLite file, or the PostgreSQL URL under `npm run test:postgres` (a thread or process of the test opens it with openDatabase). */
  database: string;
  /** The storage the apps and jobs use: the fs driver under `dir`, its writes recorded in `writes`. */
  storage: Storage;
  /** The fs storage itself, whose writes are not recorded. */
  rawStorage: Storage;
  writes: WriteLog;
  /** The temporary folder holding the SQLite file and the storage root. */
  dir: string;
  admin: Awaited<ReturnType<typeof createAdminApp>>;
  site: Awaited<ReturnType<typeof createSiteApp>>;
  /** What the server puts before the site app's listener (the events call's lean path): a test serving `site` on a port passes it to `listen`. */
  siteFront: Awaited<ReturnType<typeof createSiteServer>>['front'];
  jobs: PublishJobs;
  /** The visitor events queue of the site app; `flush()` writes what it holds. */
  events: EventQueue;
  /** Files every message in `{dir}/outbox`; `outbox()` reads them back once the mail sent in the background is out. */
  mailer: Mailer;
  outbox(): Promise<OutboxEntry[]>;
  /** Sends the mail that must not hold up an answer; `idle()` waits for it. */
  background: Background;
  /** Logs in as the first operator (once; later calls reuse the session) and returns the Cookie header value. */
  login(): Promise<string>;
  /** Logs in with the given credentials and returns the Cookie header value (throws unless 200). */
  loginAs(email: string, password: string): Promise<string>;
  /**
   * A request to the admin app with the operator's session. `json` sends a JSON body; a
   * `cookie` header given in `init.headers` (even '') replaces the session.
   */
  request(path: string, init?: TestRequestInit): Promise<Response>;
  /**
   * A request to the site app (published sites and the visitor API), without any session; `json`
   * sends a JSON body; `ip` is the client address the app sees (as from the socket). `site` sends
   * it to that site's own origin (`{handle}.localhost:3001`); without it, or a `host` header, it
   * goes to the shared host (SITE_ORIGIN).
   */
  visit(path: string, init?: TestRequestInit & { ip?: string; site?: string }): Promise<Response>;
  /** A site's own origin, from its handle: `http://{handle}.localhost:3001`. */
  originOf(siteId: string): Promise<string>;
  /** POST /api/site as the operator; throws unless 201. */
  createSite(input?: Record<string, unknown>): Promise<SiteView>;
  /** POST /api/site/{id}/media as the operator; throws unless 201. */
  uploadMedia(siteId: string, bytes: Uint8Array, name?: string): Promise<StoredUpload>;
  /** POST /api/site/{id}/audio; throws unless 201. */
  uploadAudio(siteId: string, bytes: Uint8Array, name?: string): Promise<StoredUpload>;
  /** PUT /api/site/{id}/page/{pageId}?lang=…; throws unless 200. */
  writePage(siteId: string, pageId: string, lang: string, content: unknown): Promise<void>;
  /** Custom domains' verification, checking through `dnsServers` (no poller: tests run `runDue()` when they move the clock). */
  domains: Domains;
  /**
   * Marks the site's saved custom domain connected, as a successful DNS check would, for tests
   * about serving a domain (the checks themselves: api/domains/domains.test.ts).
   */
  connectDomain(siteId: string): void;
  /**
   * Marks an OEM master's claimed admin host verified, as a successful DNS check would, for tests
   * about what a verified host may do (the checks themselves: api/branding/admin-host-verification.test.ts).
   */
  verifyAdminHost(oemId: string): void;
  /** POST /api/site/{id}/publish, then waits for the job; throws unless it is done. */
  publish(siteId: string): Promise<PublishResult & { publishId: string }>;
  cleanup(): Promise<void>;
};

/**
 * A fresh world for one test: a temporary folder with its own SQLite file and storage root,
 * the first operator, the admin and site apps and the publish jobs, all wired as the server
 * wires them. `mailer` replaces the outbox mailer (an SMTP one, to test delivery); `eventQueue`
 * sets the events queue's limits; `clock` replaces the real clock of date rules and windows.
 *
 * @example const ctx = await createTestContext(); const res = await ctx.request('/api/site'); await ctx.cleanup();
 */
export async function createTestContext(
  options: {
    mailer?: Mailer;
    eventQueue?: EventQueueOptions;
    clock?: () => Date;
    dnsServers?: string[];
    domainTarget?: DomainTarget;
    /** A folder to keep (created if missing, reopened if not): the analytics bench folds ten million events once and reads them again. */
    keepDir?: string;
    /** On SQLite whatever the suite: the test is about SQLite's own file (its bytes, its online backup). */
    sqlite?: boolean;
    /** The card payment provider of the admin app (a `stripeProvider` on the local provider server); card billing off without one. */
    paymentProvider?: PaymentProvider;
    /** The PostgreSQL pool's size and statement timeout under `npm run test:postgres` (a test of the timeout shortens it). */
    postgres?: PostgresSettings;
    /** PING on a Redis, for the health endpoint; none by default. */
    redisPing?: () => Promise<unknown>;
  } = {},
): Promise<TestContext> {
  const dir = options.keepDir ?? (await mkdtemp(path.join(os.tmpdir(), 'swipegrid-test-')));
  const database = options.sqlite ? { target: path.join(dir, 'test.sqlite'), drop: async () => {} } : await testDatabaseTarget(dir);
  const db = await openDatabase(database.target, options.postgres);
  const rawStorage = createStorage({ driver: 'fs', root: path.join(dir, 'storage'), publicBaseUrl: '/' });
  const { storage, writes } = recordingStorage(rawStorage);
  const jobs = await createPublishJobs({ db, storage, renderer: testRenderer, siteOrigin: SITE_ORIGIN });
  await seedPlans(db);
  await ensureFirstOperator(db, OPERATOR);
  const outboxDir = path.join(dir, 'outbox');
  const mailer = options.mailer ?? createMailer({ from: 'no-reply@swipegrid.test', outboxDir });
  // A failed background mail fails the test that caused it, at its next outbox read or cleanup.
  const backgroundErrors: string[] = [];
  const background = createBackground((line) => backgroundErrors.push(line));
  const settled = async () => {
    await background.idle();
    if (backgroundErrors.length > 0) throw new Error(backgroundErrors.splice(0).join('\n'));
  };
  const connectedDomains = await createConnectedDomains(db);
  const domains = createDomains({
    db,
    storage,
    connected: connectedDomains,
    target: options.domainTarget ?? { cname: 'localhost', addresses: [] },
    // A resolver nobody answers on unless a test runs its own DNS server: no test asks the machine's DNS.
    resolverServers: options.dnsServers ?? ['127.0.0.1:9'],
    republish: async (siteId) => await jobs.start(siteId),
    clock: options.clock,
  });
  const adminHosts = await createAdminHosts(db);
  const admin = await createAdminApp({
    db,
    storage,
    config: { adminOrigin: ADMIN_ORIGIN, siteOrigin: SITE_ORIGIN, production: false },
    jobs,
    mailer,
    background,
    clock: options.clock,
    domains,
    adminHosts,
    paymentProvider: options.paymentProvider,
    redisPing: options.redisPing,
  });
  const events = createEventQueue(db, options.eventQueue);
  // No domain cache: a test sees a domain move as soon as the publish that made it.
  const { app: site, front: siteFront } = await createSiteServer({
    db,
    storage,
    mailer,
    background,
    events,
    siteOrigin: SITE_ORIGIN,
    domainCacheMs: 0,
    adminOrigin: () => ADMIN_ORIGIN,
    clock: options.clock,
    connectedDomains,
    adminHosts,
    adminApp: () => admin,
  });
  let cookie: string | undefined;

  async function originOf(siteId: string): Promise<string> {
    const row = await db.select({ handle: sites.handle }).from(sites).where(eq(sites.id, siteId)).get();
    if (!row?.handle) throw new Error(`no site ${siteId}`);
    return handleOrigin(SITE_ORIGIN, 'localhost', row.handle);
  }

  async function loginAs(email: string, password: string): Promise<string> {
    const response = await admin.request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`login as ${email} answered ${response.status}: ${await response.text()}`);
    return sessionCookie(response);
  }

  async function login(): Promise<string> {
    cookie ??= await loginAs(OPERATOR.email, OPERATOR.password);
    return cookie;
  }

  async function request(requestPath: string, init: TestRequestInit = {}): Promise<Response> {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has('cookie')) headers.set('cookie', await login());
    if (headers.get('cookie') === '') headers.delete('cookie');
    let body = rest.body;
    if (json !== undefined) {
      body = JSON.stringify(json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    return admin.request(`http://localhost${requestPath}`, { ...rest, headers, body });
  }

  async function ok<T>(response: Response, status: number, what: string): Promise<T> {
    if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    db,
    storage,
    rawStorage,
    writes,
    database: database.target,
    dir,
    admin,
    site,
    siteFront,
    jobs,
    events,
    mailer,
    background,
    domains,
    async connectDomain(siteId) {
      const row = await db.update(siteDomains).set({ state: 'connected', connectedAt: new Date(), nextCheckAt: null }).where(eq(siteDomains.siteId, siteId)).returning().get();
      if (!row) throw new Error(`site ${siteId} has no custom domain saved`);
      await connectedDomains.refresh();
    },
    async verifyAdminHost(oemId) {
      const row = await db.update(oemBrandings).set({ adminHostVerifiedAt: new Date() }).where(eq(oemBrandings.accountId, oemId)).returning().get();
      if (!row?.adminHost) throw new Error(`OEM master ${oemId} has claimed no admin host`);
      await adminHosts.refresh();
    },
    async outbox() {
      await settled();
      return readOutbox(outboxDir);
    },
    login,
    loginAs,
    request,
    originOf,
    async visit(requestPath, init = {}) {
      const { json, ip, site: siteId, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has('host')) headers.set('host', new URL(siteId ? await originOf(siteId) : SITE_ORIGIN).host);
      let body = rest.body;
      if (json !== undefined) {
        body = JSON.stringify(json);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      // What @hono/node-server's getConnInfo reads: the socket's peer address.
      const env = ip ? { incoming: { socket: { remoteAddress: ip, remoteFamily: ip.includes(':') ? 'IPv6' : 'IPv4' } } } : undefined;
      return site.request(`http://${headers.get('host')}${requestPath}`, { ...rest, headers, body }, env);
    },
    async createSite(input = {}) {
      const body = { name: 'Test site', numberHorizontal: 3, numberVertical: 4, defaultLanguage: 'jp', languages: ['jp', 'en'], ...input };
      return ok<SiteView>(await request('/api/site', { method: 'POST', json: body }), 201, 'POST /api/site');
    },
    async uploadMedia(siteId, bytes, name = 'image.png') {
      return ok<StoredUpload>(await request(`/api/site/${siteId}/media`, { method: 'POST', body: fileForm(bytes, name) }), 201, 'upload');
    },
    async uploadAudio(siteId, bytes, name = 'music.mp3') {
      return ok<StoredUpload>(await request(`/api/site/${siteId}/audio`, { method: 'POST', body: fileForm(bytes, name) }), 201, 'audio upload');
    },
    async writePage(siteId, pageId, lang, content) {
      await ok(await request(`/api/site/${siteId}/page/${pageId}?lang=${lang}`, { method: 'PUT', json: content }), 200, 'PUT page');
    },
    async publish(siteId) {
      const { publishId } = await ok<{ publishId: string }>(await request(`/api/site/${siteId}/publish`, { method: 'POST' }), 202, 'publish');
      await jobs.finished(publishId);
      const row = await ok<{ status: string; error: string | null; stats: PublishResult }>(await request(`/api/site/${siteId}/publish/${publishId}`), 200, 'publish status');
      if (row.status !== 'done') throw new Error(`publish ${publishId} ended ${row.status}: ${row.error}`);
      return { ...row.stats, publishId };
    },
    /** Closes the database and removes the folder (unless it is `keepDir`); await any publish the test started before calling it. */
    async cleanup() {
      await background.idle();
      await events.close();
      await closeDatabase(db);
      await database.drop();
      if (!options.keepDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export type TestAccountOptions = {
  type: AccountType;
  parentId?: string | null;
  planId?: string | null;
  email?: string;
  password?: string;
  /** A ready PHC string, to skip hashing when many accounts share a password. */
  passwordHash?: string;
  /** A sub-admin's role on its parent's admin list. */
  role?: AdminRole;
  authority?: Authority;
  contractState?: ContractState;
  mustChangePassword?: boolean;
};

let accountSequence = 0;

/**
 * Writes an account of any type straight into the database (a sub-admin with its admin-list
 * row), for tests that need a tree to stand on. Returns its id, email and password.
 *
 * @example const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
 */
export async function addAccount(db: Db, options: TestAccountOptions): Promise<{ id: string; email: string; password: string }> {
  const id = randomUUID();
  const email = options.email ?? `${options.type.toLowerCase().replace('_', '-')}-${++accountSequence}-${id.slice(0, 8)}@example.com`;
  const password = options.password ?? 'Account#Pass1';
  await db.transaction(async (tx) => {
    await tx
      .insert(accounts)
      .values({
        id,
        email,
        accountType: options.type,
        parentId: options.parentId ?? null,
        planId: options.planId ?? null,
        passwordHash: options.passwordHash ?? '',
        companyName: `${options.type} company`,
        contractState: options.contractState ?? 'active',
        authority: options.authority ?? 'edit',
        mustChangePassword: options.mustChangePassword ?? false,
      })
      .run();
    if (options.type === 'SUB_ADMIN')
      await tx
        .insert(adminMembers)
        .values({ memberId: id, ownerId: options.parentId!, name: 'Sub admin', role: options.role ?? 'editor' })
        .run();
  });
  if (!options.passwordHash)
    await db
      .update(accounts)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(accounts.id, id))
      .run();
  return { id, email, password };
}

/** The `name=value` pair of the session cookie a response sets. */
export function sessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!header) throw new Error('the response sets no session cookie');
  return header.split(';')[0]!;
}

/** A solid-colour PNG, e.g. `pngBytes(40, 60, '#ff0000')`. */
export async function pngBytes(width: number, height: number, colour: string): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
}

/** A solid-colour JPEG. */
export async function jpegBytes(width: number, height: number, colour: string): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );
}

let playableMp4: Promise<Buffer> | undefined;

/**
 * A playable MP4 (one second of ffmpeg's test pattern, H.264), padded with a `free` box of
 * `fill` bytes to `size` bytes when given: players skip `free` boxes, so the file stays playable
 * at any size, and a different `fill` gives different bytes.
 */
export async function mp4Bytes(size?: number, fill = 0): Promise<Uint8Array> {
  playableMp4 ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-mp4-'));
    const file = path.join(dir, 'clip.mp4');
    await promisify(execFile)('/usr/bin/ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x48:rate=10', '-pix_fmt', 'yuv420p', '-y', file]);
    const bytes = await readFile(file);
    await rm(dir, { recursive: true, force: true });
    return bytes;
  })();
  const clip = await playableMp4;
  if (size === undefined) return new Uint8Array(clip);
  if (size < clip.byteLength + 8) throw new Error(`an MP4 needs at least ${clip.byteLength + 8} bytes`);
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(clip);
  const free = new DataView(bytes.buffer, clip.byteLength, 8);
  free.setUint32(0, size - clip.byteLength);
  bytes.set(Buffer.from('free'), clip.byteLength + 4);
  return bytes;
}

const encodedTones = new Map<string, Promise<Uint8Array>>();

/**
 * A playable audio file made by ffmpeg: a tone of `seconds` at `hertz` (a different tone gives
 * different bytes), as MP3, M4A (AAC) or WAV.
 */
export function audioBytes(format: 'mp3' | 'm4a' | 'wav', hertz = 440, seconds = 1): Promise<Uint8Array> {
  const key = `${format}:${hertz}:${seconds}`;
  let made = encodedTones.get(key);
  if (!made) {
    made = (async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-audio-'));
      const file = path.join(dir, `tone.${format}`);
      const codec = format === 'm4a' ? ['-c:a', 'aac'] : [];
      await promisify(execFile)('/usr/bin/ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${hertz}:duration=${seconds}`, ...codec, '-y', file]);
      const bytes = new Uint8Array(await readFile(file));
      await rm(dir, { recursive: true, force: true });
      return bytes;
    })();
    encodedTones.set(key, made);
  }
  return made;
}

/** A multipart body with one file in the field `file`. */
export function fileForm(bytes: Uint8Array, name: string, type = 'application/octet-stream'): FormData {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}

/** The events of a server-sent event stream, in order. */
export function parseSse(text: string): { event: string; data: unknown }[] {
  return text
    .split(/\n\n+/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      return { event, data: data.length ? JSON.parse(data.join('\n')) : undefined };
    });
}

/** Puts a site's owner on another plan, as a plan change would, without touching the site. */
export async function moveOwnerToPlan(ctx: Pick<TestContext, 'db'>, siteId: string, planId: string): Promise<void> {
  const site = await ctx.db.select({ ownerId: sites.ownerId }).from(sites).where(eq(sites.id, siteId)).get();
  if (!site) throw new Error(`no site ${siteId}`);
  await ctx.db.update(accounts).set({ planId }).where(eq(accounts.id, site.ownerId)).run();
}
