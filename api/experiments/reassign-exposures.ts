import { sql } from 'drizzle-orm';
import { assignArm } from '../../model/ab/experiment.ts';
import type { Queries } from '../db/open-database.ts';

/**
 * Puts every visitor of the experiment's folded exposures in its arm under a new split (an edit
 * while stopped): results count the whole window by the split the experiment has now, as the site
 * host will assign returning visitors after a restart. Run in the transaction that saves the split.
 */
export async function reassignExposures(tx: Queries, experimentId: string, split: Parameters<typeof assignArm>[1]): Promise<void> {
  const visitors = await tx.all<{ startedAt: number; variationId: string }>(
    sql`SELECT DISTINCT started_at AS "startedAt", variation_id AS "variationId" FROM experiment_exposures WHERE experiment_id = ${experimentId}`,
  );
  for (const { startedAt, variationId } of visitors) {
    await tx.run(
      sql`UPDATE experiment_exposures SET arm = ${assignArm(variationId, split) ?? ''} WHERE experiment_id = ${experimentId} AND started_at = ${startedAt} AND variation_id = ${variationId}`,
    );
  }
}
