import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { planSchema, type Plan, type PlanInput } from '../../model/plan.ts';
import type { Db } from '../db/open-database.ts';
import { plans } from '../db/schema-identity.ts';
import { AppError } from '../http/errors.ts';
import { ownedPlan, type PlanOwner } from './owned-plans.ts';
import { planInUse } from './plan-in-use.ts';

async function readPlan(db: Db, planId: string): Promise<Plan> {
  return planSchema.parse(await db.select().from(plans).where(eq(plans.id, planId)).get());
}

/** Adds a plan to the owner's catalogue, offered at once. */
export async function createPlan(db: Db, owner: PlanOwner, input: PlanInput, now: Date): Promise<Plan> {
  const id = randomUUID();
  await db
    .insert(plans)
    .values({ ...input, id, ownerId: owner, status: 'active', supersedes: null, version: 1, createdAt: now })
    .run();
  return await readPlan(db, id);
}

/**
 * Changes a plan's terms. While nobody is on it, in place. Once an account holds it (plan-in-use.ts),
 * as a new version that names the one it replaces, which is archived: the accounts on it keep
 * the terms they signed until they are moved. One transaction with no await: of two edits of the
 * same plan at once, the second finds it archived and is refused, so there is never a fork of versions.
 */
export async function editPlan(db: Db, owner: PlanOwner, planId: string, input: PlanInput, now: Date): Promise<Plan> {
  const id = await db.transaction(async (tx) => {
    const old = await ownedPlan(tx, owner, planId);
    if (old.status === 'archived') throw new AppError('conflict', 'planArchived');
    if (!(await planInUse(tx, planId))) {
      // createdAt marks the row as the operator's: seedPlans stops refreshing a seeded tier's figures.
      await tx
        .update(plans)
        .set({ ...input, createdAt: now })
        .where(eq(plans.id, planId))
        .run();
      return planId;
    }
    const next = randomUUID();
    await tx.update(plans).set({ status: 'archived' }).where(eq(plans.id, planId)).run();
    await tx
      .insert(plans)
      .values({ ...input, id: next, ownerId: owner, status: 'active', supersedes: old.id, version: old.version + 1, createdAt: now })
      .run();
    return next;
  });
  return await readPlan(db, id);
}

/** Stops offering a plan; whoever is on it stays on it. */
export async function archivePlan(db: Db, owner: PlanOwner, planId: string): Promise<Plan> {
  await ownedPlan(db, owner, planId);
  await db.update(plans).set({ status: 'archived' }).where(eq(plans.id, planId)).run();
  return await readPlan(db, planId);
}
