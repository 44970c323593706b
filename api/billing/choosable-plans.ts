import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { planSchema, type Plan } from '../../model/plan.ts';
import type { Queries } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { plans } from '../db/schema-identity.ts';
import { ancestorIds } from '../identity/account-tree.ts';
import type { PlanOwner } from './owned-plans.ts';

/**
 * Whose catalogue an account buys from: an OEM master's customers (anyone below an OEM master)
 * from that OEM master's; direct users and the OEM masters themselves from the platform's.
 */
export async function sellerOf(db: Queries, accountId: string): Promise<PlanOwner> {
  const above = (await ancestorIds(db, accountId)).slice(1);
  if (above.length === 0) return null;
  const oem = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(inArray(accounts.id, above), eq(accounts.accountType, 'OEM_MASTER')))
    .get();
  return oem?.id ?? null;
}

/** The plans an account may change to: its seller's active ones, cheapest first. */
export async function choosablePlans(db: Queries, accountId: string): Promise<Plan[]> {
  const seller = await sellerOf(db, accountId);
  return (
    await db
      .select()
      .from(plans)
      .where(and(seller === null ? isNull(plans.ownerId) : eq(plans.ownerId, seller), eq(plans.status, 'active')))
      .orderBy(asc(plans.price), asc(plans.name), asc(plans.id))
      .all()
  ).map((row) => planSchema.parse(row));
}
