import { Hono } from 'hono';
import { visitorContracts } from '../../model/contracts/visitor.ts';
import type { Storage } from '../../storage/storage.ts';
import { clientIp } from '../http/client-ip.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import type { Background } from '../mail/background.ts';
import type { Mailer } from '../mail/mailer.ts';
import { rateLimiter, type TakeToken } from '../http/middleware/rate-limit/index.ts';
import type { TokenBuckets } from '../http/middleware/rate-limit/token-buckets.ts';
import { campaignRoutes } from './campaign-routes.ts';
import { createEventIntake, type EventIntake, eventRoutes } from './event-routes.ts';
import { formRoutes } from './form-routes.ts';
import { memberGate } from './member-gate.ts';
import { memberRoutes } from './member-routes.ts';
import { pageRoutes } from './page-routes.ts';
import { popupRoutes } from './popup-routes.ts';
import { settingsMediaRoutes } from './settings-media-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { surveyRoutes } from './survey-routes.ts';
import { tlsRoutes } from './tls-routes.ts';
import { createAdminHosts, type AdminHosts } from '../branding/admin-hosts.ts';
import { createConnectedDomains, type ConnectedDomains } from '../domains/connected-domains.ts';
import type { EventQueue } from './event-queue.ts';
import { requestLanguage } from './visitor-language.ts';
import type { HostSites } from '../host-sites.ts';
import { customDomainOrigin, requestHostName } from '../../model/site-origin.ts';

export type VisitorApiDeps = {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  /** Sends the mail that must not hold up an answer (a resent registration link); one logging to stderr by default. */
  background?: Background;
  events: EventQueue;
  /** The shared site host: its scheme and port are those of every site's own origin. */
  siteOrigin: string;
  /** Multiplies every rate limit (the benchmark raises them to measure throughput, not refusals). */
  rateLimitScale?: number;
  /** Where the rate limits count: shared on Redis when REDIS_URL is set (several server processes), this process's memory when absent. */
  rateLimitBuckets?: TokenBuckets;
  /** The clock of date windows (notifications, campaigns); the real one unless a test sets it. */
  clock?: () => Date;
  /** The connected custom domains, which alone get a certificate (tls-routes.ts); read from the database when absent. */
  connectedDomains?: ConnectedDomains;
  /** The admin hosts OEM masters registered, which get a certificate too (tls-routes.ts); read from the database when absent. */
  adminHosts?: AdminHosts;
};

/**
 * Requests a client may make per minute, per kind of visitor POST (docs/decisions.md). Forms
 * and membership are what people type; events come in beacon batches; counters are clicks.
 */
export const VISITOR_RATE_LIMITS = { forms: 20, events: 120, clicks: 60 } as const;

/** Which limit a visitor call counts against. */
export function rateLimitKind(path: string): keyof typeof VISITOR_RATE_LIMITS {
  if (path.endsWith('/end-user/events')) return 'events';
  if (/\/popup-cta\/|\/end-user\/campaign\//.test(path)) return 'clicks';
  return 'forms';
}

/** Host names whose origin is remembered at most; past it the memory starts again. */
const HOST_ORIGINS_MAX = 1000;

/**
 * customDomainOrigin per host, remembered: it parses two URLs, on every visitor call otherwise
 * (bench/visitor.bench.ts). The site origin is read on each call, not once: with PORT=0 it is
 * known only after the site host listens, and a change of it forgets what was remembered.
 */
function hostOrigins(siteOrigin: () => string): (host: string) => string {
  const known = new Map<string, string>();
  let base = '';
  return (host) => {
    const current = siteOrigin();
    if (current !== base) {
      known.clear();
      base = current;
    }
    let origin = known.get(host);
    if (origin === undefined) {
      origin = customDomainOrigin(current, host);
      if (known.size >= HOST_ORIGINS_MAX) known.clear();
      known.set(host, origin);
    }
    return origin;
  };
}

/** What the events call's lean path in front of Hono shares with the visitor API (event-fast-path.ts). */
export type VisitorEventParts = { intake: EventIntake; take: TakeToken; hostSiteOf: (host: string) => Promise<string | null>; hostOrigin: (host: string) => string };

/**
 * The calls the published viewer makes (V §7), served on the site origin under /api: same
 * origin for visitors, so no CORS, and none of the admin's cookies or CSRF rules apply. Bodies
 * are capped by their contracts (route.ts: 64 KB unless said); writes are guarded by a per-client rate limit, honeypots on forms, and members' bearer tokens.
 * `events` is what the server's lean path for the events call shares with these routes.
 */
export async function visitorApi(deps: VisitorApiDeps, sites: HostSites): Promise<{ api: Hono<AppEnv>; events: VisitorEventParts }> {
  const scale = deps.rateLimitScale ?? 1;
  // The limits run on the site app's clock too, so a test that sets it gets exact counts.
  const { clock } = deps;
  const now = clock ? () => clock().getTime() : undefined;
  const limit = (name: keyof typeof VISITOR_RATE_LIMITS, methods?: readonly string[]) =>
    rateLimiter({ perMinute: VISITOR_RATE_LIMITS[name] * scale, key: clientIp, methods, language: requestLanguage, now, name, buckets: deps.rateLimitBuckets });
  // Click counters are GETs in the spec (the campaign click), so reads count there too.
  const eventsLimit = limit('events');
  const limiters = { forms: limit('forms').middleware, events: eventsLimit.middleware, clicks: limit('clicks', ['GET', 'POST']).middleware };
  const api = new Hono<AppEnv>();
  const originOf = hostOrigins(() => deps.siteOrigin);
  const intake = createEventIntake(deps);
  // Caddy's ask comes first, answered from memory before any host lookup: a TLS handshake waits on it.
  api.route('/', tlsRoutes({ connectedDomains: deps.connectedDomains ?? (await createConnectedDomains(deps.db)), adminHosts: deps.adminHosts ?? (await createAdminHosts(deps.db)) }));
  api
    // Which site this origin is: a call naming any other site is answered as if that site did not exist.
    .use(async (c, next) => {
      const host = requestHostName(c.req.header('host') || new URL(c.req.url).host);
      c.set('hostSiteId', await sites.siteOf(host));
      c.set('hostOrigin', host ? originOf(host) : deps.siteOrigin);
      await next();
    })
    // Each POST counts against exactly one limit, chosen by what it is.
    .use((c, next) => limiters[rateLimitKind(c.req.path)](c, next));
  // Member calls pass the member gate first: their bearer token opens a member of the site they name.
  for (const declared of Object.values(visitorContracts)) {
    if (declared.policy.access === 'member') api.use(declared.path, memberGate(deps.db, declared));
  }
  // Each routes file serves its contracts at their full paths (visitorContracts).
  for (const routes of [memberRoutes, pageRoutes, settingsRoutes, popupRoutes, settingsMediaRoutes, campaignRoutes, formRoutes, surveyRoutes]) api.route('/', routes(deps));
  api.route('/', eventRoutes({ ...deps, intake }));
  api.all('*', () => {
    throw notFound('pathNotFound');
  });
  return { api, events: { intake, take: eventsLimit.take, hostSiteOf: (host) => sites.siteOf(host), hostOrigin: originOf } };
}
