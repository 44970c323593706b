import { sql } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';

// Hand-written statements, not drizzle's builder: this is the hot path of a popup, and building a
// query through the builder per click cost more than the update itself (bench/visitor.bench.ts).

/** Applicants the API has counted for a popup (its settings' numberClicks not included). */
export async function countedApplicants(db: Db, siteId: string, popupId: string): Promise<number> {
  const row = await db.get<{ clicks: number } | undefined>(sql`SELECT clicks FROM popup_cta_counters WHERE site_id = ${siteId} AND popup_id = ${popupId}`);
  return row?.clicks ?? 0;
}

/**
 * Counts one applicant if there is room (`room`: the limit minus the clicks the settings
 * already hold). Returns the API's count after this applicant, or null when the popup was full.
 */
export async function countApplicant(db: Db, siteId: string, popupId: string, room: number): Promise<number | null> {
  if (room <= 0) return null;
  // The increment and the check against the room left are one statement: no interleaving of
  // requests, threads or processes can count past the limit.
  const row = await db.get<{ clicks: number } | undefined>(
    sql`INSERT INTO popup_cta_counters (site_id, popup_id, clicks) VALUES (${siteId}, ${popupId}, 1)
        ON CONFLICT (site_id, popup_id) DO UPDATE SET clicks = popup_cta_counters.clicks + 1 WHERE popup_cta_counters.clicks < ${room}
        RETURNING clicks`,
  );
  return row?.clicks ?? null;
}
