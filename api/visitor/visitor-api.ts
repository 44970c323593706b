import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { visitorContracts } from '../../model/contracts/visitor.ts';
import type { Storage } from '../../storage/storage.ts';
import { clientIp } from '../http/client-ip.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { rateLimit } from '../http/middleware/rate-limit/index.ts';
import { campaignRoutes } from './campaign-routes.ts';
import { eventRoutes } from './event-routes.ts';
import { formRoutes } from './form-routes.ts';
import { memberGate } from './member-gate.ts';
import { memberRoutes } from './member-routes.ts';
import { pageRoutes } from './page-routes.ts';
import { popupRoutes } from './popup-routes.ts';
import { settingsMediaRoutes } from './settings-media-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { surveyRoutes } from './survey-routes.ts';
import { tlsRoutes } from './tls-routes.ts';
import type { EventQueue } from './event-queue.ts';
import { requestLanguage } from './visitor-language.ts';
import type { HostSites } from '../host-sites.ts';
import { customDomainOrigin, requestHostName } from '../../model/site-origin.ts';

export type VisitorApiDeps = {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  events: EventQueue;
  /** The shared site host: its scheme and port are those of every site's own origin. */
  siteOrigin: string;
  /** Multiplies every rate limit (the benchmark raises them to measure throughput, not refusals). */
  rateLimitScale?: number;
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

/** Visitor bodies are small JSON; anything bigger is refused before it is read. */
const MAX_VISITOR_BODY = 64 * 1024;
const tooLarge = () => {
  throw new AppError('payload_too_large', 'bodyTooLarge');
};
const streamedBodyLimit = bodyLimit({ maxSize: MAX_VISITOR_BODY, onError: tooLarge });

/**
 * The declared length decides when there is one; only a streamed (chunked) body goes through
 * Hono's bodyLimit, which counts as it reads. Touching the body first, as bodyLimit does, turns
 * @hono/node-server's light request into a full web Request: that halved the calls served a
 * second (bench/visitor.bench.ts).
 */
const visitorBodyLimit: MiddlewareHandler = async function visitorBodyLimit(c, next) {
  const declared = c.req.header('content-length');
  if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
    if (Number(declared) > MAX_VISITOR_BODY) tooLarge();
    return next();
  }
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  return streamedBodyLimit(c, next);
};

/**
 * The calls the published viewer makes (V §7), served on the site origin under /api: same
 * origin for visitors, so no CORS, and none of the admin's cookies or CSRF rules apply. Writes
 * are guarded by a per-client rate limit, honeypots on forms, and members' bearer tokens.
 */
export function visitorApi(deps: VisitorApiDeps, sites: HostSites) {
  const scale = deps.rateLimitScale ?? 1;
  const limit = (perMinute: number, methods?: readonly string[]) => rateLimit({ perMinute: perMinute * scale, key: clientIp, methods, language: requestLanguage });
  // Click counters are GETs in the spec (the campaign click), so reads count there too.
  const limiters = { forms: limit(VISITOR_RATE_LIMITS.forms), events: limit(VISITOR_RATE_LIMITS.events), clicks: limit(VISITOR_RATE_LIMITS.clicks, ['GET', 'POST']) };
  const api = new Hono<AppEnv>()
    // Which site this origin is: a call naming any other site is answered as if that site did not exist.
    .use(async (c, next) => {
      const host = requestHostName(c.req.header('host') || new URL(c.req.url).host);
      c.set('hostSiteId', await sites.siteOf(host));
      c.set('hostOrigin', host ? customDomainOrigin(deps.siteOrigin, host) : deps.siteOrigin);
      await next();
    })
    .use(visitorBodyLimit)
    // Each POST counts against exactly one limit, chosen by what it is.
    .use((c, next) => limiters[rateLimitKind(c.req.path)](c, next));
  // Member calls pass the member gate first: their bearer token opens a member of the site they name.
  for (const declared of Object.values(visitorContracts)) {
    if (declared.policy.access === 'member') api.use(declared.path, memberGate(deps.db, declared));
  }
  // Each routes file serves its contracts at their full paths (visitorContracts).
  for (const routes of [memberRoutes, pageRoutes, settingsRoutes, popupRoutes, settingsMediaRoutes, campaignRoutes, formRoutes, surveyRoutes, eventRoutes, tlsRoutes]) api.route('/', routes(deps));
  api.all('*', () => {
    throw notFound('pathNotFound');
  });
  return api;
}
