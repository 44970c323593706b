import { isNull } from 'drizzle-orm';
import { SEEDED_PLANS } from '../../model/plan.ts';
import type { Db } from '../db/open-database.ts';
import { plans } from '../db/schema-identity.ts';

/**
 * Writes the tiers of model/plan.ts. A start brings a seeded row's figures up to date only while
 * nobody has edited it (`createdAt` still null): once the operator edits a plan through the
 * console, its terms are the operator's, and its status and version history are never reset.
 */
export async function seedPlans(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const plan of SEEDED_PLANS) {
      const { id, ownerId, status, supersedes, version, ...terms } = plan;
      await tx
        .insert(plans)
        .values(plan)
        .onConflictDoUpdate({ target: plans.id, set: terms, setWhere: isNull(plans.createdAt) })
        .run();
    }
  });
}
