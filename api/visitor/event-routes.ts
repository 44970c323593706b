import { Hono } from 'hono';
import { COOKIE_NAMES } from '../../model/constants.ts';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import { assignArm } from '../../model/ab/experiment.ts';
import { readRunningExperiment } from '../../publisher/running-experiment.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { cookielessVisitorId, createSaltStore, type SaltStore } from './analytics-salts.ts';
import type { EventQueue } from './event-queue.ts';
import { eventRows } from './event-rows.ts';
import { findVisitorSite, type VisitorSite } from './find-visitor-site.ts';
import { createVisitTracker, type VisitTracker } from './visit-tracker.ts';
import { userAgentFacts } from './user-agent-facts.ts';
import { readIdCookie, requestCookies, sessionCookie, sessionIdOf } from './visitor-cookies.ts';

function liveSite(db: Db, siteId: string, hostSiteId: string | null): VisitorSite | null {
  try {
    return findVisitorSite(db, siteId, hostSiteId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * A cookieless visitor's place in the running experiment: the site host hashed its arm from the
 * same id (api/variant-choice.ts), so the id is its variationId, and it is in the experiment when
 * the hash puts it inside the coverage.
 */
async function cookielessVariant(storage: Storage, siteId: string, visitorId: string): Promise<{ variationId: string | null; experimentId: string | null }> {
  const experiment = await readRunningExperiment(storage, siteId);
  if (!experiment || assignArm(visitorId, experiment) === null) return { variationId: null, experimentId: null };
  return { variationId: visitorId, experimentId: experiment.id };
}

/**
 * `POST /api/end-user/events` (V §7 analytics): a batch of events, checked whole, queued, and
 * answered 202 once the transaction holding them has committed (group commit, event-queue.ts):
 * an event answered 2xx is on disk. A full queue or a failed write answers 503, never a silent
 * drop. Made for `navigator.sendBeacon` (any content type).
 *
 * Who sent it is never read from the body (docs/decisions.md, "What analytics stores about a
 * visitor"): the `sessionId` cookie of the site's origin (set here when missing), or on a
 * cookieless site a hash of the day's salt, the site, the address and the user agent, with no
 * cookie read or set. Bots (isbot) are answered 202 with nothing stored.
 */
export function eventRoutes(deps: { db: Db; storage: Storage; events: EventQueue; clock?: () => Date; visits?: VisitTracker; salts?: SaltStore }) {
  const app = new Hono<AppEnv>();
  const visits = deps.visits ?? createVisitTracker();
  const salts = deps.salts ?? createSaltStore(deps.db);
  route(app, contracts.sendEvents, async ({ c, body }) => {
    // Events of sites that are not on the air would only fill the table.
    const site = liveSite(deps.db, body.siteId, c.var.hostSiteId);
    if (!site) throw fieldError('validation', ['siteId'], 'unknownEventSite', { site: body.siteId });
    const userAgent = c.req.header('user-agent') ?? '';
    const agent = userAgentFacts(userAgent);
    if (agent.bot) return { accepted: 0 };
    const receivedAt = deps.clock?.().getTime() ?? Date.now();
    const { cookieless } = site.settings.analytics;
    const cookies = cookieless ? {} : requestCookies(c);
    const session = cookieless ? { sessionId: cookielessVisitorId(salts.saltOf(receivedAt), site.id, clientIp(c), userAgent), created: false } : sessionIdOf(cookies);
    const { sessionId } = session;
    const variant = cookieless
      ? await cookielessVariant(deps.storage, site.id, sessionId)
      : { variationId: readIdCookie(cookies, COOKIE_NAMES.variationId), experimentId: readIdCookie(cookies, COOKIE_NAMES.experimentId) };
    const rows = eventRows(body, {
      sessionId,
      ...variant,
      device: agent.device,
      receivedAt,
      visitOf: (at) => visits.visitOf(site.id, sessionId, at),
    });
    // A batch whose transaction failed is answered like a full queue: nothing of it was kept.
    const outcome = await deps.events.push(rows).catch(() => 'failed' as const);
    if (outcome !== 'stored') throw new AppError('unavailable', 'eventsNotStored');
    if (session.created) c.header('set-cookie', sessionCookie(sessionId, c.var.hostOrigin.startsWith('https:')), { append: true });
    return { accepted: body.events.length };
  });
  return app;
}
