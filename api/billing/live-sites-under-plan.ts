import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { accounts, sites } from '../db/schema.ts';
import { inBranchOf } from '../identity/account-tree.ts';
import { effectivePlan } from '../identity/effective-plan.ts';

/** The live sites whose pages an account's plan governs: its own and those of accounts below it without a plan of their own. */
export async function liveSitesUnderPlanOf(db: Db, accountId: string): Promise<string[]> {
  const planId = (await db.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, accountId)).get())?.planId;
  const rows = await db
    .select({ id: sites.id, ownerId: sites.ownerId })
    .from(sites)
    .where(and(inBranchOf(sites.ownerId, accountId), isNotNull(sites.liveVersion)))
    .all();
  const under: string[] = [];
  for (const row of rows) if (row.ownerId === accountId || (await effectivePlan(db, row.ownerId)).plan?.id === planId) under.push(row.id);
  return under;
}
