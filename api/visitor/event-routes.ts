import { Hono } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { userAgentClass } from '../../model/visitor-event.ts';
import type { EventQueue } from './event-queue.ts';

function isLive(db: Db, siteId: string, hostSiteId: string | null): boolean {
  try {
    findVisitorSite(db, siteId, hostSiteId);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return false;
    throw error;
  }
}

/** A client clock this far off is not believed; the server's time is stored instead. */
const CLOCK_SKEW_MS = 24 * 3600_000;

/**
 * `POST /api/end-user/events` (V §7 analytics): a batch of events, checked whole, queued, and
 * answered 202 once the transaction holding them has committed (group commit, event-queue.ts):
 * an event answered 2xx is on disk. A full queue or a failed write answers 503, never a silent
 * drop. Made for `navigator.sendBeacon` (any content type).
 */
export function eventRoutes(deps: { db: Db; events: EventQueue; now?: () => number }) {
  const app = new Hono<AppEnv>();
  // The batch is checked whole by the contract's body schema (a bad one is a 400 naming the field).
  route(app, contracts.sendEvents, async ({ c, body }) => {
    // Events of sites that are not on the air would only fill the table.
    const siteIds = [...new Set(body.events.map((event) => event.siteId))];
    const unknown = siteIds.find((id) => !isLive(deps.db, id, c.var.hostSiteId));
    if (unknown !== undefined) throw fieldError('validation', ['events'], 'unknownEventSite', { site: unknown });
    const receivedAt = deps.now?.() ?? Date.now();
    const uaClass = userAgentClass(c.req.header('user-agent'));
    const rows = body.events.map((event) => ({
      siteId: event.siteId,
      eventType: event.type,
      pageId: event.pageId ?? null,
      position: event.position ?? null,
      lang: event.lang ?? null,
      sessionId: event.sessionId ?? null,
      variationId: event.variationId ?? null,
      targetId: event.targetId ?? null,
      referrer: event.referrer ?? null,
      userAgentClass: uaClass,
      occurredAt: new Date(event.at !== undefined && Math.abs(event.at - receivedAt) <= CLOCK_SKEW_MS ? event.at : receivedAt),
      receivedAt: new Date(receivedAt),
    }));
    // A batch whose transaction failed is answered like a full queue: nothing of it was kept.
    const outcome = await deps.events.push(rows).catch(() => 'failed' as const);
    if (outcome !== 'stored') throw new AppError('unavailable', 'eventsNotStored');
    return { accepted: body.events.length };
  });
  return app;
}
