import type { Plan } from '../../model/plan.ts';
import { planSchema } from '../../model/plan.ts';
import type { Db } from '../db/open-database.ts';
import { plans } from '../db/schema-identity.ts';
import { planReaches } from '../permissions/plan-reach.ts';
import { ancestorIds, type Viewer } from './account-tree.ts';

/** The plans the viewer may see, cheapest first: every plan for the platform; the platform's and its own OEM's for the others. */
export async function listPlans(db: Db, viewer: Viewer): Promise<Plan[]> {
  const rows = await db.select().from(plans).orderBy(plans.price, plans.id).all();
  const chain = viewer.scopeRootId === null ? null : await ancestorIds(db, viewer.tenantId);
  return rows.filter((row) => chain === null || planReaches(row.ownerId, chain)).map((row) => planSchema.parse(row));
}
