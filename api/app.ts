import { Hono } from 'hono';
import type { Storage } from '../storage/storage.ts';
import type { Config } from './config.ts';
import type { Db } from './db/open-database.ts';
import type { Mailer } from './mail/mailer.ts';
import { createBackground, type Background } from './mail/background.ts';
import type { AppEnv } from './http/env.ts';
import { noSniff } from './http/middleware/no-sniff/index.ts';
import { handleError, notFound } from './http/errors.ts';
import { authorize } from './http/middleware/authorize/index.ts';
import { sameSite } from './http/middleware/same-site/index.ts';
import { mediaRoutes } from './sites/media-routes.ts';
import { bulkRoutes } from './sites/bulk-routes.ts';
import { publishRoutes } from './publishing/routes.ts';
import { siteRoutes } from './sites/site-routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { siteSurveyRoutes } from './sites/survey-routes.ts';
import type { PublishJobs } from './publishing/publish-jobs.ts';
import { siteHost } from './site-host.ts';
import { adminShell } from './admin-shell.ts';
import { visitorApi, type VisitorApiDeps } from './visitor/visitor-api.ts';
import { previewRoutes } from './sites/preview-routes.ts';
import { docsRoutes } from './docs/routes.ts';
import { previewHost, type PreviewHostDeps } from './preview/preview-host.ts';
import { PROCESS_PREVIEW_KEY } from './preview/preview-token.ts';

export type AppDeps = {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'adminOrigin' | 'production'> & { siteOrigin?: string };
  jobs: PublishJobs;
  mailer: Mailer;
  /** Where mail that must not hold up an answer is sent from; one logging to stderr by default. */
  background?: Background;
  adminDist?: string;
  previewKey?: Uint8Array;
};

/** The admin origin: the back-office API under /api and the admin console at /. */
export function createAdminApp(deps: AppDeps) {
  const { db, storage, config, jobs, mailer } = deps;
  const secureCookie = config.production || config.adminOrigin.startsWith('https:');
  const api = new Hono<AppEnv>()
    .use(sameSite({ allowedOrigins: [config.adminOrigin] }))
    // Every request is let in (or not) by the permission function, per api/permissions/route-table.ts.
    .use(authorize({ db, secureCookie, mountedAt: '/api' }))
    .route('/', identityRoutes({ db, mailer, adminOrigin: config.adminOrigin, secureCookie, siteOrigin: config.siteOrigin, background: deps.background ?? createBackground() }))
    .route('/', siteRoutes({ db, storage }))
    .route('/', mediaRoutes({ db, storage }))
    .route('/', bulkRoutes({ db, storage }))
    .route('/', publishRoutes({ db, storage, jobs }))
    .route('/', siteSurveyRoutes({ db }))
    .route('/', previewRoutes({ key: deps.previewKey ?? PROCESS_PREVIEW_KEY, siteOrigin: config.siteOrigin ?? '' }))
    // The API describing itself: /openapi.json and its reference page.
    .route('/', docsRoutes({ adminOrigin: config.adminOrigin, siteOrigin: config.siteOrigin }));
  // A sub-app's notFound is never called once it is mounted with route(); a last catch-all is.
  api.all('*', () => {
    throw notFound('pathNotFound');
  });
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use(noSniff());
  app.route('/api', api);
  app.route('/', adminShell(deps.adminDist, { frameOrigin: config.siteOrigin }));
  return app;
}

export type SiteAppDeps = VisitorApiDeps & {
  domainCacheMs?: number;
  /** The admin's origin, the one other page that may frame a published page (known once the admin listens). */
  adminOrigin?: () => string;
  preview?: Omit<PreviewHostDeps, 'storage' | 'key'> & { key?: Uint8Array };
};

/**
 * The site origin: published sites, their assets and media, drafts' previews, and under /api the
 * calls their visitors make (forms, members, counters, events). Kept apart from the admin's origin.
 */
export function createSiteApp(deps: SiteAppDeps) {
  const app = new Hono();
  app.onError(handleError);
  app.use(noSniff());
  app.route('/api', visitorApi(deps));
  // Drafts' previews (owner content too) live on this origin, authorised by a signed token.
  if (deps.preview) app.route('/', previewHost({ ...deps.preview, storage: deps.storage, key: deps.preview.key ?? PROCESS_PREVIEW_KEY }));
  app.route('/', siteHost(deps.storage, { domainCacheMs: deps.domainCacheMs, adminOrigin: deps.adminOrigin }));
  return app;
}
