import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { assignArm, experimentArmSchema } from '../../model/ab/experiment.ts';
import type { ArmOf } from '../analytics/event-facts.ts';
import type { Db } from '../db/open-database.ts';
import { experiments } from '../db/schema-experiments.ts';

type Assignment = Parameters<typeof assignArm>[1];

/** How long an experiment's split is trusted before it is read again: a stopped experiment may be given another split and restarted. */
const REREAD_MS = 10_000;

/**
 * The arm an event's visitor was shown, for the analytics rollups' variant dimension: the
 * experiment its `experimentId` cookie names, hashed with its `variationId` exactly as the site
 * host chose (api/variant-choice.ts); '' outside an experiment or outside its coverage. Each
 * experiment is read once per REREAD_MS, not once per event: the fold runs every 10 s.
 */
export function experimentArmOf(db: Db, now: () => number = Date.now): ArmOf {
  const known = new Map<string, { experiment: Assignment | null; readAt: number }>();
  const experimentOf = async (id: string): Promise<Assignment | null> => {
    const cached = known.get(id);
    if (cached && now() - cached.readAt < REREAD_MS) return cached.experiment;
    const row = await db.select({ seed: experiments.seed, coverage: experiments.coverage, arms: experiments.arms }).from(experiments).where(eq(experiments.id, id)).get();
    const arms = z.array(experimentArmSchema).safeParse(row?.arms);
    const experiment = row && arms.success ? { seed: row.seed, coverage: row.coverage, arms: arms.data } : null;
    known.set(id, { experiment, readAt: now() });
    return experiment;
  };
  return async ({ variationId, experimentId }) => {
    if (!variationId || !experimentId) return '';
    const experiment = await experimentOf(experimentId);
    return (experiment && assignArm(variationId, experiment)) ?? '';
  };
}
