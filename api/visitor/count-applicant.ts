import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open-database.ts';

type Statements = { read: Statement<[string, string], { clicks: number }>; count: Statement<[string, string, number], { clicks: number }> };

// Prepared once per database: this is the hot path of a popup, and building a drizzle query
// per click cost more than the update itself (bench/visitor.bench.ts).
const prepared = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let found = prepared.get(db);
  if (!found) {
    found = {
      read: db.$client.prepare('SELECT clicks FROM popup_cta_counters WHERE site_id = ? AND popup_id = ?'),
      // The increment and the check against the room left are one statement: no interleaving of
      // requests, threads or processes can count past the limit.
      count: db.$client.prepare(
        `INSERT INTO popup_cta_counters (site_id, popup_id, clicks) VALUES (?, ?, 1)
         ON CONFLICT (site_id, popup_id) DO UPDATE SET clicks = popup_cta_counters.clicks + 1 WHERE popup_cta_counters.clicks < ?
         RETURNING clicks`,
      ),
    };
    prepared.set(db, found);
  }
  return found;
}

/** Applicants the API has counted for a popup (its settings' numberClicks not included). */
export function countedApplicants(db: Db, siteId: string, popupId: string): number {
  return statements(db).read.get(siteId, popupId)?.clicks ?? 0;
}

/**
 * Counts one applicant if there is room (`room`: the limit minus the clicks the settings
 * already hold). Returns the API's count after this applicant, or null when the popup was full.
 */
export function countApplicant(db: Db, siteId: string, popupId: string, room: number): number | null {
  if (room <= 0) return null;
  return statements(db).count.get(siteId, popupId, room)?.clicks ?? null;
}
