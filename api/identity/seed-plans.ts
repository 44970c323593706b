import { SEEDED_PLANS } from '../../model/plan.ts';
import type { Db } from '../db/open-database.ts';
import { plans } from '../db/schema-identity.ts';

/** Writes the tiers of model/plan.ts (idempotent: a start brings stored figures up to date). */
export function seedPlans(db: Db): void {
  db.transaction((tx) => {
    for (const plan of SEEDED_PLANS) {
      const { id, ...terms } = plan;
      tx.insert(plans).values(plan).onConflictDoUpdate({ target: plans.id, set: terms }).run();
    }
  });
}
