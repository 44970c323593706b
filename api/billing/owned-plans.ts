import { and, asc, eq, isNull } from 'drizzle-orm';
import { planSchema, type Plan } from '../../model/plan.ts';
import type { Queries } from '../db/open-database.ts';
import { plans } from '../db/schema-identity.ts';
import { notFound } from '../http/errors.ts';

/** Null: the platform's catalogue; an account id: that OEM master's. */
export type PlanOwner = string | null;

const ownedBy = (owner: PlanOwner) => (owner === null ? isNull(plans.ownerId) : eq(plans.ownerId, owner));

/** An owner's plans, every version, cheapest first and each plan's versions in order; `'all'` for every owner's. */
export async function listPlansOf(db: Queries, owner: PlanOwner | 'all'): Promise<Plan[]> {
  return (
    await db
      .select()
      .from(plans)
      .where(owner === 'all' ? undefined : ownedBy(owner))
      .orderBy(asc(plans.price), asc(plans.name), asc(plans.version), asc(plans.id))
      .all()
  ).map((row) => planSchema.parse(row));
}

/** One of the owner's plans; another owner's is a 404, as if it did not exist. */
export async function ownedPlan(db: Queries, owner: PlanOwner, planId: string): Promise<Plan> {
  const row = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), ownedBy(owner)))
    .get();
  if (!row) throw notFound('planNotFound');
  return planSchema.parse(row);
}
