import { and, eq, gte, lt } from 'drizzle-orm';
import { assignArm, experimentArmSchema } from '../../model/ab/experiment.ts';
import type { ArmCounts } from '../../model/ab/results.ts';
import { z } from 'zod';
import type { Db } from '../db/open-database.ts';
import { experiments } from '../db/schema-experiments.ts';
import { visitorEvents } from '../db/schema-visitor.ts';
import type { ExperimentCounts } from './site-experiment.ts';

/**
 * Per-arm counts read from raw events: each distinct `variationId` seen while the experiment ran
 * is one visitor, put in its arm by the same hash the site host assigned it with; a visitor with an
 * event that `isConversion` accepts converted. A scan, kept until the analytics rollups (which
 * store the arm per event) supply the counts: the merge swaps this function for theirs.
 */
export function rawEventCounts(db: Db, isConversion: (eventType: string) => boolean): ExperimentCounts {
  return ({ id, siteId, arms, startedAt, stoppedAt }) => {
    const row = db.select().from(experiments).where(eq(experiments.id, id)).get();
    const counts = new Map<string, ArmCounts>(arms.map((arm) => [arm, { variantId: arm, visitors: 0, conversions: 0 }]));
    if (!row || !startedAt) return [...counts.values()];
    const experiment = { seed: row.seed, coverage: row.coverage, arms: z.array(experimentArmSchema).parse(row.arms) };
    const events = db
      .select({ variationId: visitorEvents.variationId, eventType: visitorEvents.eventType })
      .from(visitorEvents)
      .where(and(eq(visitorEvents.siteId, siteId), gte(visitorEvents.occurredAt, startedAt), ...(stoppedAt ? [lt(visitorEvents.occurredAt, stoppedAt)] : [])))
      .all();
    const converted = new Map<string, boolean>();
    for (const event of events) {
      if (!event.variationId) continue;
      converted.set(event.variationId, (converted.get(event.variationId) ?? false) || isConversion(event.eventType));
    }
    for (const [visitor, didConvert] of converted) {
      const arm = assignArm(visitor, experiment);
      const count = arm ? counts.get(arm) : undefined;
      if (!count) continue;
      count.visitors++;
      if (didConvert) count.conversions++;
    }
    return [...counts.values()];
  };
}
