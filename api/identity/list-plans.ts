import type { Plan } from '../../model/plan.ts';
import { planSchema } from '../../model/plan.ts';
import type { Db } from '../db/open-database.ts';
import { plans } from '../db/schema-identity.ts';

/** Every plan, cheapest first. */
export function listPlans(db: Db): Plan[] {
  return db
    .select()
    .from(plans)
    .orderBy(plans.price, plans.id)
    .all()
    .map((row) => planSchema.parse(row));
}
