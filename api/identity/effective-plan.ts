import { eq, inArray } from 'drizzle-orm';
import { planSchema, UNLIMITED, type Plan, type PlanLimits } from '../../model/plan.ts';
import type { Queries } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { plans } from '../db/schema-identity.ts';
import { ancestorIds } from './account-tree.ts';

/**
 * The plan that governs an account: its own, else the nearest ancestor's. The platform's own
 * accounts have none and no limits.
 */
export async function effectivePlan(db: Queries, accountId: string): Promise<{ plan: Plan | null; limits: PlanLimits }> {
  const chain = await ancestorIds(db, accountId);
  if (chain.length === 0) return { plan: null, limits: UNLIMITED };
  const rows = await db.select({ id: accounts.id, planId: accounts.planId }).from(accounts).where(inArray(accounts.id, chain)).all();
  const planOf = new Map(rows.map((row) => [row.id, row.planId]));
  const planId = chain.map((id) => planOf.get(id)).find((id) => id);
  if (!planId) return { plan: null, limits: UNLIMITED };
  const plan = await db.select().from(plans).where(eq(plans.id, planId)).get();
  if (!plan) throw new Error(`account ${accountId} refers to the unknown plan ${planId}`);
  const parsed = planSchema.parse(plan);
  return { plan: parsed, limits: parsed };
}
