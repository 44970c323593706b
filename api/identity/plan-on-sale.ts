import { eq } from 'drizzle-orm';
import type { Queries } from '../db/open-database.ts';
import { plans } from '../db/schema-identity.ts';
import { planReaches } from '../permissions/plan-reach.ts';
import { ancestorIds } from './account-tree.ts';

/**
 * Whether the plan exists and may be given to an account placed below `parentId` (null: at the
 * top of the tree): the platform's plans anywhere, an OEM master's only inside its branch.
 */
export async function planOnSaleBelow(db: Queries, planId: string, parentId: string | null): Promise<boolean> {
  const plan = await db.select({ ownerId: plans.ownerId }).from(plans).where(eq(plans.id, planId)).get();
  if (!plan) return false;
  return planReaches(plan.ownerId, parentId === null ? [] : await ancestorIds(db, parentId));
}
