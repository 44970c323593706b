import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ArmCounts } from '../../model/ab/results.ts';
import { analyticsSettingsSchema } from '../../model/analytics-settings.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import type { ExperimentCounts } from './site-experiment.ts';

/**
 * Per-arm counts from the folded exposures (api/experiments/fold-exposures.ts), one aggregate:
 * a visitor with a row before the stop (its "seen" row is its earliest) is one visitor of its
 * arm; it converted if it did, before the stop, a kind the site counts as a conversion now (its
 * analytics setting), however often.
 * The beta-binomial needs converted visitors, which the rollups' conversion counts are not
 * (docs/decisions.md, "Experiment results count converted visitors").
 */
export function exposureCounts(db: Db): ExperimentCounts {
  // Per visitor, then per arm: the covering index hands each visitor's rows over in order, so the inner grouping needs no sort.
  // The kinds as a list of parameters (`false` when none): the same text on both databases.
  const perArm = async (conversions: readonly string[], experimentId: string, startedAt: number, before: number) =>
    await db.all<{ arm: string; visitors: number; conversions: number }>(
      sql`SELECT arm, count(*) AS visitors, sum(converted) AS conversions
            FROM (SELECT arm, max(CASE WHEN ${inArray(sql`kind`, conversions)} THEN 1 ELSE 0 END) AS converted
                    FROM experiment_exposures
                   WHERE experiment_id = ${experimentId} AND started_at = ${startedAt} AND first_at < ${before} AND arm <> ''
                   GROUP BY variation_id, arm) AS per_visitor
           GROUP BY arm`,
    );
  return async ({ id, siteId, arms, startedAt, stoppedAt }) => {
    const counts = new Map<string, ArmCounts>(arms.map((arm) => [arm, { variantId: arm, visitors: 0, conversions: 0 }]));
    if (!startedAt) return [...counts.values()];
    const site = await db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId)).get();
    const settings = z.object({ analytics: analyticsSettingsSchema.prefault({}) }).safeParse(site?.settings ?? {});
    const conversions = settings.success ? settings.data.analytics.conversionEvents : [];
    for (const row of await perArm(conversions, id, startedAt.getTime(), stoppedAt?.getTime() ?? Number.MAX_SAFE_INTEGER)) {
      const count = counts.get(row.arm);
      if (count) Object.assign(count, { visitors: row.visitors, conversions: row.conversions });
    }
    return [...counts.values()];
  };
}
