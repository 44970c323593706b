import { createHash } from 'node:crypto';

/** V §7, issue 13: a visit ends after 30 minutes without an event. */
export const VISIT_IDLE_MS = 30 * 60_000;

/** How stale an entry's time may get before it is moved to the end: the sweep's order may be off by this much. */
const REFRESH_MS = 1000;

export type VisitTracker = {
  /** The visit an event of this visitor at this time belongs to: the current one, or a new one after 30 minutes idle. */
  visitOf(siteId: string, visitorId: string, at: number): string;
};

/**
 * Visits derived on the server from the time of each visitor's last event, so neither a cookie
 * nor the client decides where a visit ends. A visit's id is a hash of the visitor and the time
 * it began: the same events give the same ids when rebuilt. Held in memory, forgetting visitors
 * idle past the limit (swept as the map is used); a restart starts a new visit for anyone mid-visit.
 */
export function createVisitTracker(options: { maxVisitors?: number } = {}): VisitTracker {
  const maxVisitors = options.maxVisitors ?? 200_000;
  const last = new Map<string, { visitId: string; at: number }>();
  let sweptAt = 0;

  function sweep(now: number) {
    // Insertion order is refresh order (an entry is re-set when it moves on), so the idle come
    // first. Over the cap, a tenth goes at once: a sweep per call would walk the map's deleted
    // slots from its start every time.
    const keep = Math.floor(maxVisitors * 0.9);
    for (const [key, entry] of last) {
      if (now - entry.at <= VISIT_IDLE_MS && last.size <= keep) break;
      last.delete(key);
    }
    sweptAt = now;
  }

  return {
    visitOf(siteId, visitorId, at) {
      if (at - sweptAt > 60_000 || last.size > maxVisitors) sweep(at);
      const key = `${siteId} ${visitorId}`;
      const known = last.get(key);
      // The events of one batch share a visit and a moment: no need to move the entry for each.
      if (known && at >= known.at && at - known.at < REFRESH_MS) return known.visitId;
      // An event older than the last one (a late beacon) stays in the visit it arrived during.
      const visitId = known && at - known.at <= VISIT_IDLE_MS ? known.visitId : createHash('sha256').update(`${key} ${at}`).digest('base64url').slice(0, 22);
      last.delete(key);
      last.set(key, { visitId, at: Math.max(at, known?.at ?? at) });
      return visitId;
    },
  };
}
