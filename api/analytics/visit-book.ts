import { sql } from 'drizzle-orm';
import type { Queries } from '../db/open-database.ts';
import type { Visit, Visits } from './event-facts.ts';
import { DAY_MS } from './rollup-buckets.ts';

/** A visit is forgotten this long after it landed: far past the 30 idle minutes that end one, and late beacons. */
export const VISIT_MEMORY_MS = 2 * DAY_MS;

type VisitRow = { siteId: string; landingAt: number; landingCell: string; variant: string; lang: string; device: string; source: string; moved: number };

/**
 * The visits of one batch: read from `analytics_visits` once, kept in memory while the batch
 * folds, and written back (`flush`) in the batch's transaction.
 */
export class VisitBook implements Visits {
  readonly #db: Queries;
  readonly #known = new Map<string, Visit | null>();
  readonly #changed = new Set<string>();

  constructor(db: Queries) {
    this.#db = db;
  }

  async get(visitId: string): Promise<Visit | undefined> {
    let visit = this.#known.get(visitId);
    if (visit === undefined) {
      const row = await this.#db.get<VisitRow | undefined>(
        sql`SELECT site_id AS "siteId", landing_at AS "landingAt", landing_cell AS "landingCell", variant, lang, device, source, moved FROM analytics_visits WHERE visit_id = ${visitId}`,
      );
      visit = row
        ? { siteId: row.siteId, landingAt: row.landingAt, landingCell: row.landingCell, dims: { variant: row.variant, lang: row.lang, device: row.device, source: row.source }, moved: row.moved === 1 }
        : null;
      this.#known.set(visitId, visit);
    }
    return visit ?? undefined;
  }

  set(visitId: string, visit: Visit): void {
    this.#known.set(visitId, visit);
    this.#changed.add(visitId);
  }

  async flush(): Promise<void> {
    for (const visitId of this.#changed) {
      const visit = this.#known.get(visitId);
      if (!visit) continue;
      const { dims } = visit;
      await this.#db.run(
        sql`INSERT INTO analytics_visits (visit_id, site_id, landing_at, landing_cell, variant, lang, device, source, moved)
            VALUES (${visitId}, ${visit.siteId}, ${visit.landingAt}, ${visit.landingCell}, ${dims.variant}, ${dims.lang}, ${dims.device}, ${dims.source}, ${visit.moved ? 1 : 0})
            ON CONFLICT (visit_id) DO UPDATE SET site_id = excluded.site_id, landing_at = excluded.landing_at, landing_cell = excluded.landing_cell, variant = excluded.variant,
              lang = excluded.lang, device = excluded.device, source = excluded.source, moved = excluded.moved`,
      );
    }
    this.#changed.clear();
  }
}
