import { and, eq, gte, lt } from 'drizzle-orm';
import { assignArm, experimentArmSchema } from '../../model/ab/experiment.ts';
import type { ArmCounts } from '../../model/ab/results.ts';
import { z } from 'zod';
import type { Db } from '../db/open-database.ts';
import { experiments } from '../db/schema-experiments.ts';
import { sites } from '../db/schema.ts';
import { visitorEvents } from '../db/schema-visitor.ts';
import { analyticsSettingsSchema } from '../../model/analytics-settings.ts';
import type { ExperimentCounts } from './site-experiment.ts';

/**
 * Per-arm counts read from raw events: each distinct `variationId` seen while the experiment ran
 * is one visitor, put in its arm by the same hash the site host assigned it with; a visitor with an
 * event of a kind the site counts as a conversion (its analytics setting) converted. A scan of the
 * experiment's window: the rollups count conversions, not converted visitors, and the beta-binomial
 * needs the latter (docs/decisions.md, "Experiment results count converted visitors").
 */
export function rawEventCounts(db: Db): ExperimentCounts {
  return ({ id, siteId, arms, startedAt, stoppedAt }) => {
    const row = db.select().from(experiments).where(eq(experiments.id, id)).get();
    const site = db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId)).get();
    const settings = z.object({ analytics: analyticsSettingsSchema.prefault({}) }).safeParse(site?.settings ?? {});
    const conversions: ReadonlySet<string> = new Set(settings.success ? settings.data.analytics.conversionEvents : []);
    const counts = new Map<string, ArmCounts>(arms.map((arm) => [arm, { variantId: arm, visitors: 0, conversions: 0 }]));
    if (!row || !startedAt) return [...counts.values()];
    const experiment = { seed: row.seed, coverage: row.coverage, arms: z.array(experimentArmSchema).parse(row.arms) };
    const events = db
      .select({ variationId: visitorEvents.variationId, kind: visitorEvents.kind })
      .from(visitorEvents)
      .where(and(eq(visitorEvents.siteId, siteId), gte(visitorEvents.occurredAt, startedAt), ...(stoppedAt ? [lt(visitorEvents.occurredAt, stoppedAt)] : [])))
      .all();
    const converted = new Map<string, boolean>();
    for (const event of events) {
      if (!event.variationId) continue;
      converted.set(event.variationId, (converted.get(event.variationId) ?? false) || conversions.has(event.kind));
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
