import { getRequestListener, type ServerType } from '@hono/node-server';
import { createServer as createHttpServer } from 'node:http';
import { count } from 'drizzle-orm';
import { loadRenderer, type Renderer } from '../publisher/renderer.ts';
import { checkS3Bucket, createStorage } from '../storage/index.ts';
import { sweepTempFiles } from '../storage/sweep-temp-files.ts';
import { killChildren } from '../publisher/child-processes.ts';
import { startChildBookkeeping } from './child-bookkeeping.ts';
import { createAdminApp, createSiteServer } from './app.ts';
import type { NodeListener } from './visitor/event-fast-path.ts';
import { stripeProvider } from './billing/stripe-provider.ts';
import { answerClientErrors } from './http/client-error.ts';
import { behindTrustedProxies } from './http/client-ip.ts';
import type { IpRange } from '../model/ip-range.ts';
import { loadConfig, type Config } from './config.ts';
import { closeDatabase, openDatabase } from './db/open-database.ts';
import { createBackground } from './mail/background.ts';
import { createMailer } from './mail/mailer.ts';
import { accounts, sites } from './db/schema.ts';
import { loadPreviewKey } from './preview/preview-key.ts';
import { createPublishJobs } from './publishing/publish-jobs.ts';
import { createRedisPublishJobs } from './publishing/redis-publish-queue.ts';
import { redisTokenBuckets } from './http/middleware/rate-limit/redis-token-buckets.ts';
import { closeRedis, openRedis } from './redis/redis-connection.ts';
import { recoverInterruptedPublishes } from './publishing/recover-interrupted-publishes.ts';
import { deleteExpiredSalts, SALT_SWEEP_EVERY_MS } from './visitor/analytics-salts.ts';
import { startEventWriter } from './event-writer.ts';
import { ensureFirstOperator } from './identity/ensure-first-operator.ts';
import { seedDemo } from './sites/seed-demo.ts';
import { seedPlans } from './identity/seed-plans.ts';
import { createPlanJobs } from './billing/plan-jobs.ts';
import { createConnectedDomains } from './domains/connected-domains.ts';
import { createDomains } from './domains/domains.ts';
import { createAdminHosts } from './branding/admin-hosts.ts';
import { startBillingJob } from './billing/billing-job.ts';
import { chargeBilledMonth } from './billing/charge-period.ts';
import type { BillingMonth } from '../model/billing-month.ts';
import { eq, isNotNull } from 'drizzle-orm';
import { handleOrigin } from '../model/site-origin.ts';
import { readLiveManifest } from '../publisher/live.ts';
import type { Storage } from '../storage/storage.ts';
import type { Db } from './db/open-database.ts';

export type RunningServer = { adminUrl: string; siteUrl: string; demoSiteId?: string; demoSiteUrl?: string; close(): Promise<void> };

/**
 * Serves an app on a port (0: any free one) and resolves once it listens, with the port it got; what Node's parser refuses is answered as JSON.
 * `front` sees each request before the app's listener, which it is given to hand requests on to (the site app's events path).
 * A request from one of `trustedProxies` is counted by the client it forwarded (api/http/client-ip.ts), before the front sees it.
 */
export function listen(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  port: number,
  host: string,
  options: { front?: (fallback: NodeListener) => NodeListener; trustedProxies?: readonly IpRange[] } = {},
): Promise<{ server: ServerType; port: number }> {
  const { front, trustedProxies = [] } = options;
  return new Promise((resolve, reject) => {
    // As @hono/node-server's serve() does it, with room for the front.
    const listener: NodeListener = getRequestListener(app.fetch, { hostname: host });
    const server = createHttpServer(behindTrustedProxies(trustedProxies, front ? front(listener) : listener));
    answerClientErrors(server);
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address !== null ? address.port : port });
    });
  });
}

/**
 * Starts Swipegrid on its embedded defaults: SQLite file and filesystem storage under DATA_DIR,
 * the first operator created (and its login printed) on an empty database, a demo site seeded
 * and published on first start, the admin and the published sites on their own ports.
 */
/** `clock` replaces the real clock of date windows and statuses (a browser test moves it). */
export async function startServer(config: Config = loadConfig(), log: (line: string) => void = console.log, options: { clock?: () => Date } = {}): Promise<RunningServer> {
  const storage = createStorage({ ...config.storage, publicBaseUrl: '/' });
  // A wrong endpoint, bucket or key stops the start here with what to fix, not the first publish or page.
  if (config.storage.s3) await checkS3Bucket(config.storage.s3);
  const db = await openDatabase(config.database, config.postgres);
  // A kill -9 gave the last run no chance to end its encoders, nor to remove its temporary files: both go before any new work.
  const orphans = startChildBookkeeping(config.dataDir);
  if (orphans.killed > 0) log(`Stopped ${orphans.killed} encoder(s) left running by an earlier stop.`);
  // A crash between a write's temp file and its rename leaves the temp file behind: sweep them
  // while the rest starts; the admin listens once it is done, so "started" means "swept".
  const swept = config.storage.driver === 'fs' && config.storage.root ? sweepTempFiles(config.storage.root) : Promise.resolve(0);
  // A publish killed after its live switch left the database behind the live pointer: settle it before any new publish.
  // Not on Redis: a running publish there may be a worker's, and a dead worker's job is retried by the queue.
  const interrupted = config.redis ? 0 : await recoverInterruptedPublishes(db, storage);
  if (interrupted > 0) log(`Settled ${interrupted} publish(es) interrupted by an earlier stop.`);
  const mailer = createMailer({ ...config.mail, log: config.production ? undefined : log });
  // Analytics events are committed, and folded into the rollups reports read, on a thread of their own (docs/decisions.md).
  const writer = startEventWriter(db, config.database, { log, postgres: config.postgres });
  const { events } = writer;
  // Cookieless analytics' daily salts are deleted 48 hours after their day began, even on a day no cookieless event comes.
  const saltSweep = setInterval(() => {
    deleteExpiredSalts(db, options.clock?.().getTime() ?? Date.now()).catch((error: unknown) =>
      log(`Could not delete expired analytics salts: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, SALT_SWEEP_EVERY_MS);
  saltSweep.unref();
  // Last month is billed once it has ended in Japan (issue 14); a killed run is resumed at the next look.
  // Its card invoices are then charged once each; a decline stays failed for the operator.
  const paymentProvider = config.stripe ? stripeProvider(config.stripe) : null;
  const collect = (period: BillingMonth) => {
    if (!paymentProvider) return;
    void chargeBilledMonth(db, paymentProvider, period, log).then(({ charged, failed }) => log(`Charged ${charged} card invoice(s) of ${period}; ${failed} failed.`));
  };
  const billing = startBillingJob(db, config.database, { clock: () => options.clock?.().getTime() ?? Date.now(), log, onBilled: collect });
  const background = createBackground();
  // The site host listens first: with PORT=0 its origin, which published pages and emailed
  // links point to, is known only then.
  const shown = (origin: string, port: number) => (origin.endsWith(':0') ? origin.replace(/:0$/, `:${port}`) : origin);
  let siteOrigin = config.siteOrigin;
  let renderer: Promise<Renderer> | undefined;
  // The preview pages let only the admin frame them; its origin too is known once it listens.
  let adminUrl = '';
  // Kept in the data folder: preview links stay valid across a restart.
  const previewKey = loadPreviewKey(config.dataDir);
  // Connected custom domains in memory: the site port's TLS ask reads them, the admin's domain calls change them.
  const connectedDomains = await createConnectedDomains(db);
  // OEMs' admin hosts in memory: the admin's branding calls change them, the site port's TLS ask and hand-over read them.
  const adminHosts = await createAdminHosts(db);
  let adminApp: Awaited<ReturnType<typeof createAdminApp>> | undefined;
  const preview = { db, key: previewKey, renderer: () => (renderer ??= loadRenderer()), adminOrigin: () => adminUrl };
  // Several server processes behind one load balancer must count each client once: on Redis when there is one.
  const rateBuckets = config.redis ? redisTokenBuckets(config.redis.url) : null;
  // A connection of its own for the health check: its PING fails at once while Redis is down, where the queue's would wait.
  const healthRedis = config.redis ? openRedis(config.redis.url, 'health') : null;
  const siteServer = await createSiteServer({
    db,
    storage,
    mailer,
    background,
    events,
    preview,
    adminOrigin: () => adminUrl,
    rateLimitScale: config.visitorRateLimitScale,
    rateLimitBuckets: rateBuckets ?? undefined,
    clock: options.clock,
    siteDomain: config.siteDomain,
    connectedDomains,
    adminHosts,
    adminApp: () => adminApp,
    get siteOrigin() {
      return siteOrigin;
    },
  });
  const site = await listen(siteServer.app, config.sitePort, config.host, { front: siteServer.front, trustedProxies: config.trustedProxies });
  const siteUrl = shown(config.siteOrigin, site.port);
  siteOrigin = siteUrl;
  // With REDIS_URL the publishes go to the queue the `swipegrid worker`s take from; else they run here.
  const redisJobs = config.redis ? createRedisPublishJobs({ db, storage, redisUrl: config.redis.url }) : null;
  const jobs = redisJobs ?? (await createPublishJobs({ db, storage, renderer: () => (renderer ??= loadRenderer()), siteOrigin: siteUrl, siteDomain: config.siteDomain }));
  const domains = createDomains({
    db,
    storage,
    connected: connectedDomains,
    target: config.domainTarget,
    resolverServers: config.dnsResolver,
    republish: async (siteId) => await jobs.start(siteId),
    clock: options.clock,
    log,
  });
  // Checks due while the server was down run now; the next check of each is stored, so nothing starts over.
  await domains.start();

  await seedPlans(db);
  // Plan changes due while the server was down apply now; then at every midnight in Tokyo.
  const planJobs = createPlanJobs({ db, storage, republish: async (siteId) => await jobs.start(siteId), clock: options.clock, log });
  planJobs.start();
  const operator = await ensureFirstOperator(db, config.firstOperator);
  let demoSiteId: string | undefined;
  const siteCount = (await db.select({ n: count() }).from(sites).get())?.n ?? 0;
  if (config.seedDemo && operator.created && siteCount === 0) {
    const owner = (await db.select().from(accounts).where(eq(accounts.id, operator.id!)).get())!;
    demoSiteId = await seedDemo(db, storage, owner);
    const publishId = await jobs.start(demoSiteId);
    await jobs.finished(publishId);
  }
  // Versions published before sites had origins of their own have no handle: publishing them again moves them there.
  for (const siteId of await sitesWithoutHandleVersion(db, storage)) await jobs.start(siteId);

  const removed = await swept;
  if (removed > 0) log(`Removed ${removed} temporary storage file(s) left by an earlier crash.`);
  const folders = await orphans.swept;
  if (folders > 0) log(`Removed ${folders} temporary folder(s) left by an earlier stop.`);
  adminApp = await createAdminApp({
    db,
    storage,
    config: { ...config, siteOrigin: siteUrl },
    jobs,
    mailer,
    background,
    previewKey,
    clock: options.clock,
    domains,
    adminHosts,
    paymentProvider,
    listeningAdminOrigin: () => adminUrl,
    redisPing: healthRedis ? () => healthRedis.ping() : undefined,
  });
  const admin = await listen(adminApp, config.port, config.host, { trustedProxies: config.trustedProxies });
  adminUrl = shown(config.adminOrigin, admin.port);
  log(`Swipegrid admin:  ${adminUrl}/`);
  log(`Published sites:  ${handleOrigin(siteUrl, config.siteDomain, '{handle}')}/   (or ${siteUrl}/sites/{siteId}/, which redirects there)`);
  const demoHandle = demoSiteId ? (await db.select({ handle: sites.handle }).from(sites).where(eq(sites.id, demoSiteId)).get())?.handle : undefined;
  const demoSiteUrl = demoHandle ? `${handleOrigin(siteUrl, config.siteDomain, demoHandle)}/` : undefined;
  if (demoSiteUrl) log(`Demo site:        ${demoSiteUrl}`);
  if (operator.created) {
    log(`First operator:   ${operator.email}`);
    if (operator.generated) log(`Password:         ${operator.password}   (shown once; set ADMIN_PASSWORD to choose it)`);
  }
  return {
    adminUrl,
    siteUrl,
    demoSiteId,
    demoSiteUrl,
    async close() {
      domains.stop();
      killChildren();
      await planJobs.stop();
      await Promise.all([admin.server, site.server].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
      clearInterval(saltSweep);
      billing.close();
      await writer.close();
      await background.idle();
      await redisJobs?.close();
      await rateBuckets?.close();
      if (healthRedis) await closeRedis(healthRedis);
      await closeDatabase(db);
    },
  };
}

/** Published sites whose live version was made before handles (its address names none). */
async function sitesWithoutHandleVersion(db: Db, storage: Storage): Promise<string[]> {
  const published = await db.select({ id: sites.id }).from(sites).where(isNotNull(sites.liveVersion)).all();
  const stale: string[] = [];
  for (const { id } of published) {
    const manifest = await readLiveManifest(storage, id).catch(() => null);
    if (manifest && !manifest.address.handle) stale.push(id);
  }
  return stale;
}

/** Closes the server on SIGINT or SIGTERM, so what is still queued (analytics events) is written before the process ends. */
export function closeOnSignals(server: RunningServer): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.close().finally(() => process.exit(0));
    });
  }
}

if (import.meta.main) {
  const server = await startServer().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  closeOnSignals(server);
}
