import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { popupCtaCounters } from '../db/schema-visitor.ts';

/** Applicants the API has counted for a popup (its settings' numberClicks not included). */
export function countedApplicants(db: Db, siteId: string, popupId: string): number {
  return db.select({ clicks: popupCtaCounters.clicks }).from(popupCtaCounters).where(and(eq(popupCtaCounters.siteId, siteId), eq(popupCtaCounters.popupId, popupId))).get()?.clicks ?? 0;
}

/**
 * Counts one applicant if there is room: one conditional statement, the increment and the
 * check against `room` (limit minus the clicks the settings already hold) together, so no
 * interleaving of requests or processes can count past the limit. Returns the API's count
 * after this applicant, or null when the popup was full.
 */
export function countApplicant(db: Db, siteId: string, popupId: string, room: number): number | null {
  if (room <= 0) return null;
  const row = db
    .insert(popupCtaCounters)
    .values({ siteId, popupId, clicks: 1 })
    .onConflictDoUpdate({
      target: [popupCtaCounters.siteId, popupCtaCounters.popupId],
      set: { clicks: sql`${popupCtaCounters.clicks} + 1` },
      setWhere: sql`${popupCtaCounters.clicks} < ${room}`,
    })
    .returning({ clicks: popupCtaCounters.clicks })
    .get();
  return row?.clicks ?? null;
}
