import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { assignArm, experimentArmSchema } from '../../model/ab/experiment.ts';
import type { ArmOf } from '../analytics/event-facts.ts';
import type { Db } from '../db/open-database.ts';
import { experiments } from '../db/schema-experiments.ts';

type Assignment = Parameters<typeof assignArm>[1];

/**
 * The arm an event's visitor was shown, for the analytics rollups' variant dimension: the
 * experiment its `experimentId` cookie names, hashed with its `variationId` exactly as the site
 * host chose (api/variant-choice.ts); '' outside an experiment or outside its coverage. An
 * experiment's seed, arms and coverage do not change once it has run, so each is read once.
 */
export function experimentArmOf(db: Db): ArmOf {
  const known = new Map<string, Assignment | null>();
  const experimentOf = (id: string): Assignment | null => {
    if (!known.has(id)) {
      const row = db.select({ seed: experiments.seed, coverage: experiments.coverage, arms: experiments.arms }).from(experiments).where(eq(experiments.id, id)).get();
      const arms = z.array(experimentArmSchema).safeParse(row?.arms);
      known.set(id, row && arms.success ? { seed: row.seed, coverage: row.coverage, arms: arms.data } : null);
    }
    return known.get(id) ?? null;
  };
  return ({ variationId, experimentId }) => {
    if (!variationId || !experimentId) return '';
    const experiment = experimentOf(experimentId);
    return (experiment && assignArm(variationId, experiment)) ?? '';
  };
}
