import type Database from 'better-sqlite3';
import { assignArm } from '../../model/ab/experiment.ts';

/**
 * Puts every visitor of the experiment's folded exposures in its arm under a new split (an edit
 * while stopped): results count the whole window by the split the experiment has now, as the site
 * host will assign returning visitors after a restart. Run in the transaction that saves the split.
 */
export function reassignExposures(sqlite: Database.Database, experimentId: string, split: Parameters<typeof assignArm>[1]): void {
  const visitors = sqlite
    .prepare<[string], { startedAt: number; variationId: string }>('SELECT DISTINCT started_at AS startedAt, variation_id AS variationId FROM experiment_exposures WHERE experiment_id = ?')
    .all(experimentId);
  const update = sqlite.prepare('UPDATE experiment_exposures SET arm = ? WHERE experiment_id = ? AND started_at = ? AND variation_id = ?');
  for (const { startedAt, variationId } of visitors) update.run(assignArm(variationId, split) ?? '', experimentId, startedAt, variationId);
}
