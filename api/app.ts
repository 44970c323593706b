import { Hono, type Context } from 'hono';
import type { Storage } from '../storage/storage.ts';
import type { Config } from './config.ts';
import type { Db } from './db/open-database.ts';
import type { Mailer } from './mail/mailer.ts';
import { createBackground, type Background } from './mail/background.ts';
import type { AppEnv } from './http/env.ts';
import { noSniff } from './http/middleware/no-sniff/index.ts';
import { refuseUnstorableUrl } from './http/middleware/unstorable-url/index.ts';
import { handleError, notFound } from './http/errors.ts';
import { authorize } from './http/middleware/authorize/index.ts';
import { sameSite } from './http/middleware/same-site/index.ts';
import { mediaRoutes } from './sites/media-routes.ts';
import { bulkRoutes } from './sites/bulk-routes.ts';
import { publishRoutes } from './publishing/routes.ts';
import { DEFAULT_SITE_ORIGIN } from '../model/site-address.ts';
import { siteRoutes } from './sites/site-routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { siteSurveyRoutes } from './sites/survey-routes.ts';
import { campaignClickRoutes } from './sites/campaign-click-routes.ts';
import { notificationRoutes } from './sites/notification-routes.ts';
import { experimentRoutes } from './experiments/routes.ts';
import { exposureCounts } from './experiments/exposure-counts.ts';
import { ownerDataRoutes } from './owner-data/owner-data-routes.ts';
import { announcementRoutes } from './announcements/routes.ts';
import { analyticsRoutes } from './analytics/analytics-routes.ts';
import { planRoutes } from './billing/plan-routes.ts';
import { liveSitesUnderPlanOf } from './billing/live-sites-under-plan.ts';
import { dashboardRoutes } from './billing/dashboard-routes.ts';
import { paymentRoutes } from './billing/payment-routes.ts';
import type { PaymentProvider } from './billing/payment-provider.ts';
import type { PublishJobs } from './publishing/publish-jobs.ts';
import { siteHost } from './site-host.ts';
import { cookielessVisitor } from './visitor/cookieless-visitor.ts';
import { adminShell } from './admin-shell.ts';
import { visitorApi, type VisitorApiDeps } from './visitor/visitor-api.ts';
import { previewRoutes } from './sites/preview-routes.ts';
import { docsRoutes } from './docs/routes.ts';
import { healthRoutes } from './health.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { createDomains, type Domains } from './domains/domains.ts';
import { createConnectedDomains } from './domains/connected-domains.ts';
import { domainRoutes } from './domains/routes.ts';
import { previewHost, type PreviewHostDeps } from './preview/preview-host.ts';
import { PROCESS_PREVIEW_KEY } from './preview/preview-token.ts';
import { previewShareRoutes } from './preview/share-routes.ts';
import { previewLoginRoutes } from './preview/share-login-routes.ts';
import { hostSites } from './host-sites.ts';
import { eventFastPath, type NodeListener } from './visitor/event-fast-path.ts';
import { brandingRoutes } from './branding/routes.ts';
import { invoiceRoutes } from './billing/routes.ts';
import { createAdminHosts, type AdminHosts } from './branding/admin-hosts.ts';
import { siteFramers } from './branding/site-framers.ts';
import { defaultSiteDomain, previewOrigin, requestHostName } from '../model/site-origin.ts';
import { handleHost, PREVIEW_LABEL } from '../model/site-handle.ts';

export type AppDeps = {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'adminOrigin' | 'production'> & { siteOrigin?: string; siteDomain?: string };
  jobs: PublishJobs;
  mailer: Mailer;
  /** Where mail that must not hold up an answer is sent from; one logging to stderr by default. */
  background?: Background;
  adminDist?: string;
  previewKey?: Uint8Array;
  /** The clock of date rules and notification statuses; the real one unless a test sets it. */
  clock?: () => Date;
  /** Custom domains' verification (api/domains/); one checking through the system's DNS, not polling, when absent. */
  domains?: Domains;
  /** The admin hosts OEM masters registered (api/branding/); read from the database when absent. */
  adminHosts?: AdminHosts;
  /** The card payment provider (api/billing/); card billing is off without one. */
  paymentProvider?: PaymentProvider | null;
  /** PING on the node's Redis, for `GET /api/health`; absent when it runs without Redis. */
  redisPing?: () => Promise<unknown>;
  /** ADMIN_ORIGIN once the admin listens (a PORT=0 start knows its port only then); config.adminOrigin when absent. */
  listeningAdminOrigin?: () => string;
};

/** The admin origin: the back-office API under /api and the admin console at /. */
export async function createAdminApp(deps: AppDeps) {
  const { db, storage, config, jobs, mailer } = deps;
  const siteDomain = config.siteDomain ?? defaultSiteDomain(config.siteOrigin ?? DEFAULT_SITE_ORIGIN);
  const domains =
    deps.domains ??
    createDomains({ db, storage, connected: await createConnectedDomains(db), target: { cname: siteDomain, addresses: [] }, republish: async (siteId) => await jobs.start(siteId), clock: deps.clock });
  const previews = config.siteOrigin ? previewOrigin(config.siteOrigin, config.siteDomain ?? defaultSiteDomain(config.siteOrigin)) : '';
  const adminHosts = deps.adminHosts ?? (await createAdminHosts(db));
  const admin = new URL(config.adminOrigin);
  const api = new Hono<AppEnv>()
    // An OEM's verified admin host is an admin origin too, on the admin's scheme and port.
    .use(sameSite({ allowedOrigins: [config.adminOrigin], alsoAllowed: (origin) => isAdminHostOrigin(origin, admin, adminHosts) }))
    // Every request is let in (or not) by the permission function, per api/permissions/route-table.ts.
    .use(authorize({ db, mountedAt: '/api' }))
    .route(
      '/',
      identityRoutes({
        db,
        mailer,
        adminOrigin: config.adminOrigin,
        siteOrigin: config.siteOrigin,
        siteDomain: config.siteDomain,
        background: deps.background ?? createBackground(),
        // The powered-by footer and the plan's other published traits follow the new plan.
        onPlanChanged: async (accountId) => {
          for (const siteId of await liveSitesUnderPlanOf(db, accountId)) await jobs.start(siteId);
        },
      }),
    )
    .route('/', siteRoutes({ db, storage, hosting: { siteOrigin: config.siteOrigin ?? DEFAULT_SITE_ORIGIN, siteDomain: config.siteDomain }, domains }))
    .route('/', domainRoutes(domains))
    .route('/', mediaRoutes({ db, storage }))
    .route('/', bulkRoutes({ db, storage }))
    .route('/', publishRoutes({ db, storage, jobs }))
    .route('/', siteSurveyRoutes({ db }))
    .route('/', notificationRoutes({ db, now: deps.clock }))
    .route('/', campaignClickRoutes({ db }))
    .route('/', experimentRoutes({ db, storage, counts: exposureCounts(db), now: deps.clock }))
    .route('/', ownerDataRoutes({ db }))
    .route('/', apiKeyRoutes({ db }))
    .route('/', brandingRoutes({ db, storage, adminHosts, proof: domains, reserved: { adminHost: admin.hostname, siteDomain } }))
    .route('/', announcementRoutes({ db, now: deps.clock }))
    .route('/', analyticsRoutes({ db, now: deps.clock }))
    .route('/', invoiceRoutes({ db }))
    .route('/', planRoutes({ db, clock: deps.clock }))
    .route('/', dashboardRoutes({ db, now: deps.clock }))
    .route('/', paymentRoutes({ db, provider: deps.paymentProvider ?? null, adminOrigin: deps.listeningAdminOrigin ?? (() => config.adminOrigin) }))
    .route('/', previewRoutes({ key: deps.previewKey ?? PROCESS_PREVIEW_KEY, previewOrigin: previews }))
    .route('/', previewShareRoutes({ db, mailer, key: deps.previewKey ?? PROCESS_PREVIEW_KEY, previewOrigin: previews, now: deps.clock }))
    // The API describing itself: /openapi.json and its reference page.
    .route('/', docsRoutes({ adminOrigin: config.adminOrigin, siteOrigin: config.siteOrigin }))
    .route('/', healthRoutes({ storage, db, redis: deps.redisPing }));
  // A sub-app's notFound is never called once it is mounted with route(); a last catch-all is.
  api.all('*', () => {
    throw notFound('pathNotFound');
  });
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use(noSniff());
  app.use(refuseUnstorableUrl());
  app.route('/api', api);
  // The console frames only previews.
  app.route('/', adminShell(deps.adminDist, { frameOrigin: previews || undefined }));
  return app;
}

/** The origins that may frame one site's preview or published page (api/branding/site-framers.ts); none until the admin is known. */
async function framingOrigins(db: Db, adminOrigin: (() => string) | undefined, adminHosts: AdminHosts): Promise<((siteId: string) => Promise<string>) | undefined> {
  return adminOrigin ? await siteFramers(db, adminHosts, adminOrigin) : undefined;
}

/** Whether an Origin header names an OEM's verified admin host on the admin origin's scheme and port. */
function isAdminHostOrigin(origin: string, admin: URL, adminHosts: AdminHosts): boolean {
  const url = URL.parse(origin);
  return url !== null && url.protocol === admin.protocol && url.port === admin.port && adminHosts.has(url.hostname);
}

export type SiteAppDeps = VisitorApiDeps & {
  /** SITE_DOMAIN: sites are `{handle}.{siteDomain}`; default: SITE_ORIGIN's host name (localhost for an address). */
  siteDomain?: string;
  /** How long a host → site answer is kept (api/host-sites.ts). */
  domainCacheMs?: number;
  /** The admin's origin, the one other page that may frame a published page (known once the admin listens). */
  adminOrigin?: () => string;
  /** The previews, with the admin's origin (known once the admin listens); each site's framing origins are made from it. */
  preview?: Omit<PreviewHostDeps, 'storage' | 'key' | 'adminOrigin'> & { key?: Uint8Array; adminOrigin?: () => string };
  /**
   * The admin app, which answers an OEM's registered admin host arriving on this port: behind
   * deploy/Caddyfile such a name comes through the catch-all of custom domains (known once the admin exists).
   */
  adminApp?: () => { fetch: (request: Request, env?: unknown) => Response | Promise<Response> } | undefined;
};

/**
 * The site app: each published site on its own origin (`{handle}.{SITE_DOMAIN}` or its custom
 * domain) with its assets, media and, under /api, the calls its visitors make (forms, members,
 * counters, events); drafts' previews on `preview.{SITE_DOMAIN}` only; on the shared host
 * (SITE_ORIGIN) the spec's `/sites/{id}/…` entry, which redirects to the site's origin.
 * Kept apart from the admin's origin.
 */
export async function createSiteApp(deps: SiteAppDeps) {
  return (await createSiteServer(deps)).app;
}

/**
 * The site app, and what a Node server puts in front of it (`front`): the events call's lean
 * path (api/visitor/event-fast-path.ts), which answers the calls it is sure of and hands any
 * other to the app's listener.
 */
export async function createSiteServer(deps: SiteAppDeps): Promise<{ app: Hono; front: (fallback: NodeListener) => NodeListener }> {
  const siteDomain = deps.siteDomain ?? defaultSiteDomain(deps.siteOrigin);
  const sites = hostSites(deps.storage, { siteDomain, cacheMs: deps.domainCacheMs });
  const previewHostName = handleHost(PREVIEW_LABEL, siteDomain);
  const onPreviewHost = (c: Context) => requestHostName(c.req.header('host') || new URL(c.req.url).host) === previewHostName;
  const adminHosts = deps.adminHosts ?? (await createAdminHosts(deps.db));
  const app = new Hono();
  app.onError(handleError);
  // An OEM's admin host is an admin origin, whichever port it reached: nothing of a site is served on it.
  app.use('*', async (c, next) => {
    const admin = deps.adminApp?.();
    if (admin && adminHosts.has(requestHostName(c.req.header('host') || new URL(c.req.url).host))) return admin.fetch(c.req.raw, c.env);
    await next();
  });
  app.use(noSniff());
  app.use(refuseUnstorableUrl());
  // Owner content of drafts lives on the preview origin alone: there only previews, the viewer's files and the
  // visitor API (which acts for no site there), elsewhere no preview.
  app.use('*', async (c, next) => {
    const previewPath = ['/preview/', '/_astro/', '/api/'].some((start) => c.req.path.startsWith(start));
    if (onPreviewHost(c) ? !previewPath : c.req.path.startsWith('/preview/')) return c.text('Not found', 404);
    await next();
  });
  const previewKey = deps.preview?.key ?? PROCESS_PREVIEW_KEY;
  // Before the visitor API: the shared preview's passcode call acts for no published site.
  app.route('/api', previewLoginRoutes({ db: deps.db, key: previewKey, onPreviewHost, now: deps.clock }));
  const visitor = await visitorApi(deps, sites);
  app.route('/api', visitor.api);
  if (deps.preview) {
    app.route('/', previewHost({ clock: deps.clock, ...deps.preview, adminOrigin: await framingOrigins(deps.db, deps.preview.adminOrigin, adminHosts), storage: deps.storage, key: previewKey }));
  }
  app.route(
    '/',
    siteHost(deps.storage, {
      sites,
      siteDomain,
      siteOrigin: () => deps.siteOrigin,
      adminOrigin: await framingOrigins(deps.db, deps.adminOrigin, adminHosts),
      cookielessVisitor: cookielessVisitor({ db: deps.db, clock: deps.clock }),
    }),
  );
  // An OEM's admin host and the preview host get Hono whatever they call: their rules are above.
  const handOver = (host: string) => host === previewHostName || adminHosts.has(host);
  return { app, front: (fallback) => eventFastPath({ ...visitor.events, handOver }, fallback) };
}
