import { eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export function findAccount(db: Db, id: string): AccountRow | undefined {
  return db.select().from(accounts).where(eq(accounts.id, id)).get();
}

/** The account that owns what this account owns: itself, or a sub-admin's parent. */
export function tenantOf(db: Db, account: AccountRow): AccountRow {
  if (account.accountType !== 'SUB_ADMIN' || !account.parentId) return account;
  return findAccount(db, account.parentId) ?? account;
}
