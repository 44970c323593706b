import { eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  return await db.select().from(accounts).where(eq(accounts.id, id)).get();
}

/** The account that owns what this account owns: itself, or a sub-admin's parent. */
export async function tenantOf(db: Db, account: AccountRow): Promise<AccountRow> {
  if (account.accountType !== 'SUB_ADMIN' || !account.parentId) return account;
  return (await findAccount(db, account.parentId)) ?? account;
}
