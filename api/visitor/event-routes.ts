import { Hono } from 'hono';
import { COOKIE_NAMES } from '../../model/constants.ts';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import { deviceClass } from '../../model/visitor-event.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import type { EventQueue } from './event-queue.ts';
import { eventRows } from './event-rows.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { createVisitTracker, type VisitTracker } from './visit-tracker.ts';
import { readIdCookie, sessionCookie, sessionIdOf } from './visitor-cookies.ts';

function isLive(db: Db, siteId: string, hostSiteId: string | null): boolean {
  try {
    findVisitorSite(db, siteId, hostSiteId);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return false;
    throw error;
  }
}

/**
 * `POST /api/end-user/events` (V §7 analytics): a batch of events, checked whole, queued, and
 * answered 202 once the transaction holding them has committed (group commit, event-queue.ts):
 * an event answered 2xx is on disk. A full queue or a failed write answers 503, never a silent
 * drop. Made for `navigator.sendBeacon` (any content type). Who sent it is read from the site
 * origin's cookies, never from the body; a visitor without a `sessionId` gets one.
 */
export function eventRoutes(deps: { db: Db; events: EventQueue; clock?: () => Date; visits?: VisitTracker }) {
  const app = new Hono<AppEnv>();
  const visits = deps.visits ?? createVisitTracker();
  route(app, contracts.sendEvents, async ({ c, body }) => {
    // Events of sites that are not on the air would only fill the table.
    if (!isLive(deps.db, body.siteId, c.var.hostSiteId)) throw fieldError('validation', ['siteId'], 'unknownEventSite', { site: body.siteId });
    const receivedAt = deps.clock?.().getTime() ?? Date.now();
    const { sessionId, created } = sessionIdOf(c);
    const rows = eventRows(body, {
      sessionId,
      variationId: readIdCookie(c, COOKIE_NAMES.variationId),
      experimentId: readIdCookie(c, COOKIE_NAMES.experimentId),
      device: deviceClass(c.req.header('user-agent')),
      receivedAt,
      visitOf: (at) => visits.visitOf(body.siteId, sessionId, at),
    });
    // A batch whose transaction failed is answered like a full queue: nothing of it was kept.
    const outcome = await deps.events.push(rows).catch(() => 'failed' as const);
    if (outcome !== 'stored') throw new AppError('unavailable', 'eventsNotStored');
    if (created) c.header('set-cookie', sessionCookie(sessionId, c.var.hostOrigin.startsWith('https:')), { append: true });
    return { accepted: body.events.length };
  });
  return app;
}
