import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { assignArm, experimentArmSchema } from '../../model/ab/experiment.ts';
import { CONVERTIBLE_EVENT_TYPES } from '../../model/visitor-event-kinds.ts';
import type { RawEvent } from '../analytics/event-facts.ts';
import type { Queries } from '../db/open-database.ts';

type Split = Parameters<typeof assignArm>[1];
type SiteExperiment = { id: string; startedAt: number; split: Split };

/** The exposure row kind meaning "seen at all"; convertible event kinds are never ''. */
const SEEN = '';

const CONVERTIBLE: ReadonlySet<string> = new Set(CONVERTIBLE_EVENT_TYPES);
const armsSchema = z.array(experimentArmSchema);

/**
 * Adds a batch of raw events to `experiment_exposures`, inside the fold's transaction: each event
 * of a site whose experiment has started, at or after its start and carrying a `variationId`,
 * marks its visitor seen and, if its kind may count as a conversion, done that kind. The experiment
 * is read once per batch, not cached across batches: an event must be judged by the start and
 * split of the moment it is folded, which a stop, an edit and a restart may all have changed.
 * Events after a stop are kept too: a restart takes the stop back, and results then count them.
 */
export async function foldExposures(db: Queries, events: readonly RawEvent[]): Promise<void> {
  const experiments = new Map<string, SiteExperiment | null>();
  const firsts = new Map<string, { experiment: SiteExperiment; siteId: string; variationId: string; kind: string; arm: string; at: number }>();
  for (const event of events) {
    if (!event.variationId) continue;
    let experiment = experiments.get(event.siteId);
    if (experiment === undefined) {
      experiment = await experimentOf(db, event.siteId);
      experiments.set(event.siteId, experiment);
    }
    if (!experiment || event.at < experiment.startedAt) continue;
    const arm = assignArm(event.variationId, experiment.split) ?? '';
    for (const kind of CONVERTIBLE.has(event.kind) ? [SEEN, event.kind] : [SEEN]) {
      const key = `${experiment.id}\u0001${event.variationId}\u0001${kind}`;
      const first = firsts.get(key);
      if (!first) firsts.set(key, { experiment, siteId: event.siteId, variationId: event.variationId, kind, arm, at: event.at });
      else if (event.at < first.at) first.at = event.at;
    }
  }
  // The earliest time wins: folding an event again, or in another order (a rebuild beside the live fold), changes nothing.
  for (const { experiment, siteId, variationId, kind, arm, at } of firsts.values()) {
    await db.run(
      sql`INSERT INTO experiment_exposures (experiment_id, started_at, variation_id, kind, site_id, arm, first_at) VALUES (${experiment.id}, ${experiment.startedAt}, ${variationId}, ${kind}, ${siteId}, ${arm}, ${at})
          ON CONFLICT (experiment_id, started_at, variation_id, kind) DO UPDATE SET first_at = CASE WHEN excluded.first_at < experiment_exposures.first_at THEN excluded.first_at ELSE experiment_exposures.first_at END, arm = excluded.arm`,
    );
  }
}

async function experimentOf(db: Queries, siteId: string): Promise<SiteExperiment | null> {
  const row = await db.get<{ id: string; seed: string; coverage: number; arms: string; startedAt: number | null } | undefined>(
    sql`SELECT id, seed, coverage, arms, started_at AS "startedAt" FROM experiments WHERE site_id = ${siteId}`,
  );
  if (!row || row.startedAt === null) return null;
  const arms = armsSchema.safeParse(JSON.parse(row.arms));
  return arms.success ? { id: row.id, startedAt: row.startedAt, split: { seed: row.seed, coverage: row.coverage, arms: arms.data } } : null;
}
