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
import type { VisitorEventBatch } from '../../model/visitor-event.ts';
import { eventRows } from './event-rows.ts';
import { findVisitorSite, type VisitorSite } from './find-visitor-site.ts';
import { createVisitTracker, type VisitTracker } from './visit-tracker.ts';
import { userAgentFacts } from './user-agent-facts.ts';
import { cookiesOf, readIdCookie, sessionCookie, sessionIdOf } from './visitor-cookies.ts';

async function liveSite(db: Db, siteId: string, hostSiteId: string | null): Promise<VisitorSite | null> {
  try {
    return await findVisitorSite(db, siteId, hostSiteId);
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

/** What the events call reads of the request besides its body. */
export type EventRequest = { userAgent: string; cookie: string | null; clientIp: () => string; hostOrigin: string };

/**
 * The events call's work, shared by its Hono route and its lean path in front of Hono
 * (event-fast-path.ts), which must answer alike: the same site check, visits, salts and queue.
 */
export type EventIntake = {
  /** The live site a batch names, or null (answered 400 `unknownEventSite`). */
  siteOf(siteId: string, hostSiteId: string | null): Promise<VisitorSite | null>;
  /** Stores a checked batch; resolves once committed, with the cookie to set; throws 503 `eventsNotStored` when it cannot be stored now. */
  store(site: VisitorSite, body: VisitorEventBatch, request: EventRequest): Promise<{ accepted: number; setCookie: string | null }>;
};

export type EventDeps = { db: Db; storage: Storage; events: EventQueue; clock?: () => Date; visits?: VisitTracker; salts?: SaltStore };

export function createEventIntake(deps: EventDeps): EventIntake {
  const visits = deps.visits ?? createVisitTracker();
  const salts = deps.salts ?? createSaltStore(deps.db);
  // The site row read once per turn of the event loop for all the calls handled in it (a read
  // after the writer thread's commit costs ~18 µs, docs/decisions.md): calls of one turn arrived
  // together, before any answer of that turn was written, so none of them can follow an unpublish
  // its sender saw answered. The next turn reads again: a site taken off the air stops at once.
  // The read itself is shared while it is under way, not only its answer: on PostgreSQL it takes a
  // round trip, and the calls that arrived meanwhile resume together when it is back, so their rows
  // still make one batch (a call's answer is then at most that round trip older than the call).
  const sitesThisTurn = new Map<string, Promise<VisitorSite | null>>();
  return {
    // Events of sites that are not on the air would only fill the table.
    async siteOf(siteId, hostSiteId) {
      if (siteId !== hostSiteId) return null;
      let site = sitesThisTurn.get(siteId);
      if (site === undefined) {
        const read = liveSite(deps.db, siteId, hostSiteId);
        site = read;
        sitesThisTurn.set(siteId, read);
        const forget = () => setImmediate(() => sitesThisTurn.get(siteId) === read && sitesThisTurn.delete(siteId));
        read.then(forget, forget);
      }
      return await site;
    },
    async store(site, body, request) {
      const agent = userAgentFacts(request.userAgent);
      if (agent.bot) return { accepted: 0, setCookie: null };
      const receivedAt = deps.clock?.().getTime() ?? Date.now();
      const { cookieless } = site.settings.analytics;
      const cookies = cookieless ? {} : cookiesOf(request.cookie);
      const session = cookieless ? { sessionId: cookielessVisitorId(await salts.saltOf(receivedAt), site.id, request.clientIp(), request.userAgent), created: false } : sessionIdOf(cookies);
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
      return { accepted: body.events.length, setCookie: session.created ? sessionCookie(sessionId, request.hostOrigin.startsWith('https:')) : null };
    },
  };
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
 *
 * The server answers most calls before they reach Hono (event-fast-path.ts), with this intake.
 */
export function eventRoutes(deps: EventDeps & { intake?: EventIntake }) {
  const app = new Hono<AppEnv>();
  const intake = deps.intake ?? createEventIntake(deps);
  route(app, contracts.sendEvents, async ({ c, body }) => {
    const site = await intake.siteOf(body.siteId, c.var.hostSiteId);
    if (!site) throw fieldError('validation', ['siteId'], 'unknownEventSite', { site: body.siteId });
    const stored = await intake.store(site, body, { userAgent: c.req.header('user-agent') ?? '', cookie: c.req.raw.headers.get('cookie'), clientIp: () => clientIp(c), hostOrigin: c.var.hostOrigin });
    if (stored.setCookie) c.header('set-cookie', stored.setCookie, { append: true });
    return { accepted: stored.accepted };
  });
  return app;
}
