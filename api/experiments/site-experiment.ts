import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONTROL, experimentArmSchema, type ExperimentInput, type ExperimentView, experimentStatusSchema, type VariantKey } from '../../model/ab/experiment.ts';
import { experimentResults, type ArmCounts, type ExperimentResults } from '../../model/ab/results.ts';
import { z } from 'zod';
import type { Storage } from '../../storage/storage.ts';
import { clearRunningExperiment, writeRunningExperiment } from '../../publisher/running-experiment.ts';
import type { Db } from '../db/open-database.ts';
import { experiments } from '../db/schema-experiments.ts';
import { AppError, notFound } from '../http/errors.ts';
import { siteVariantKeys } from './page-variants.ts';
import { reassignExposures } from './reassign-exposures.ts';

type ExperimentRow = typeof experiments.$inferSelect;
export type ExperimentState = { experiment: ExperimentView | null; variantKeys: VariantKey[] };

/**
 * Where an experiment's per-arm counts come from: the exposures the analytics fold keeps
 * (distinct visitors per arm, and those of them who converted) over the experiment's running time.
 */
export type ExperimentCounts = (experiment: { id: string; siteId: string; arms: string[]; startedAt: Date | null; stoppedAt: Date | null }) => Promise<ArmCounts[]>;

const armsSchema = z.array(experimentArmSchema);

function toView(row: ExperimentRow): ExperimentView {
  return {
    id: row.id,
    name: row.name,
    seed: row.seed,
    arms: armsSchema.parse(row.arms),
    coverage: row.coverage,
    status: experimentStatusSchema.parse(row.status),
    startedAt: row.startedAt?.toISOString() ?? null,
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
  };
}

async function findRow(db: Db, siteId: string): Promise<ExperimentRow | undefined> {
  return await db.select().from(experiments).where(eq(experiments.siteId, siteId)).get();
}

export async function getExperimentState(db: Db, siteId: string): Promise<ExperimentState> {
  const row = await findRow(db, siteId);
  return { experiment: row ? toView(row) : null, variantKeys: await siteVariantKeys(db, siteId) };
}

/**
 * Sets the name, split and coverage. Refused while running: moving the ranges would move
 * returning visitors to another arm. The seed is made once, so a stop and restart keeps every visitor's arm.
 */
export async function saveExperiment(db: Db, siteId: string, input: ExperimentInput): Promise<ExperimentState> {
  const row = await findRow(db, siteId);
  if (row?.status === 'running') throw new AppError('conflict', 'experimentRunning');
  if (row) {
    await db.transaction(async (tx) => {
      await tx.update(experiments).set({ name: input.name, arms: input.arms, coverage: input.coverage }).where(eq(experiments.id, row.id)).run();
      // Results count by the split the experiment has now, over the visitors already folded.
      if (JSON.stringify(input.arms) !== JSON.stringify(row.arms) || input.coverage !== row.coverage) {
        await reassignExposures(tx, row.id, { seed: row.seed, coverage: input.coverage, arms: input.arms });
      }
    });
  } else await db.insert(experiments).values({ id: randomUUID(), siteId, name: input.name, seed: randomUUID(), arms: input.arms, coverage: input.coverage, status: 'draft' }).run();
  return await getExperimentState(db, siteId);
}

/** Starts assigning the published site's visitors: every variant arm must exist on some page. */
export async function startExperiment(db: Db, storage: Storage, siteId: string, now: Date): Promise<ExperimentState> {
  const row = await findRow(db, siteId);
  if (!row) throw notFound('experimentNotFound');
  if (row.status === 'running') throw new AppError('conflict', 'experimentAlreadyRunning');
  const arms = armsSchema.parse(row.arms);
  const keys = new Set<string>(await siteVariantKeys(db, siteId));
  const missing = arms.find(({ arm }) => arm !== CONTROL && !keys.has(arm));
  if (missing) throw new AppError('conflict', 'experimentArmMissing', { values: { key: missing.arm } });
  // The site host reads the stored copy; the row changes only once it is written, so a failed write leaves it stopped.
  await writeRunningExperiment(storage, siteId, { id: row.id, seed: row.seed, coverage: row.coverage, arms });
  await db
    .update(experiments)
    .set({ status: 'running', startedAt: row.startedAt ?? now, stoppedAt: null })
    .where(eq(experiments.id, row.id))
    .run();
  return await getExperimentState(db, siteId);
}

export async function stopExperiment(db: Db, storage: Storage, siteId: string, now: Date): Promise<ExperimentState> {
  const row = await findRow(db, siteId);
  if (!row) throw notFound('experimentNotFound');
  if (row.status !== 'running') throw new AppError('conflict', 'experimentNotRunning');
  await clearRunningExperiment(storage, siteId);
  await db.update(experiments).set({ status: 'stopped', stoppedAt: now }).where(eq(experiments.id, row.id)).run();
  return await getExperimentState(db, siteId);
}

/** The experiment's results from the counts the analytics supply (model/ab/results.ts), weighted by its split. */
export async function readExperimentResults(db: Db, siteId: string, counts: ExperimentCounts): Promise<ExperimentResults> {
  const row = await findRow(db, siteId);
  if (!row) throw notFound('experimentNotFound');
  const arms = armsSchema.parse(row.arms);
  const byArm = new Map((await counts({ id: row.id, siteId, arms: arms.map(({ arm }) => arm), startedAt: row.startedAt, stoppedAt: row.stoppedAt })).map((count) => [count.variantId, count]));
  return experimentResults(
    arms.map(({ arm }) => byArm.get(arm) ?? { variantId: arm, visitors: 0, conversions: 0 }),
    Object.fromEntries(arms.map(({ arm, weight }) => [arm, weight])),
  );
}
