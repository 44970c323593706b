import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Queries } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import type { Relation } from '../permissions/decide.ts';

/** Who is asking, for tenancy: the account it acts for and how far it sees. */
export type Viewer = {
  /** The login account. */
  id: string;
  /** The account it acts for: itself, or a sub-admin's parent. */
  tenantId: string;
  /** The root of what it sees: null for the platform's own accounts (everything), else the tenant. */
  scopeRootId: string | null;
};

/** The account and every account above it, nearest first. */
export async function ancestorIds(db: Queries, accountId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM ${accounts} WHERE id = ${accountId}
      UNION ALL SELECT a.id, a.parent_id, up.depth + 1 FROM ${accounts} a JOIN up ON a.id = up.parent_id WHERE up.depth < 32
    ) SELECT id FROM up ORDER BY depth`);
  return rows.map((row) => row.id);
}

/**
 * Whether `column` (an account id) lies in the branch below `rootId`, the account included: the
 * branch as a subquery of the statement, never its ids as values (an OEM with 33,000 accounts
 * below it passed SQLite's 32,766 values in one statement, and its user list answered 500).
 */
export function inBranchOf(column: Column, rootId: string): SQL {
  return sql`${column} IN (
    WITH RECURSIVE down(id, depth) AS (
      SELECT id, 0 FROM ${accounts} WHERE id = ${rootId}
      UNION ALL SELECT a.id, down.depth + 1 FROM ${accounts} a JOIN down ON a.parent_id = down.id WHERE down.depth < 32
    ) SELECT id FROM down)`;
}

/** Whether the account lies in the viewer's branch (the platform's own accounts see the whole tree). */
export async function inBranch(db: Db, viewer: Viewer, accountId: string): Promise<boolean> {
  if (viewer.scopeRootId === null) return (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).get()) !== undefined;
  return (await ancestorIds(db, accountId)).includes(viewer.scopeRootId);
}

/** Where an account stands from the viewer: itself (or the account it acts for), in its branch, or elsewhere. */
export async function relationToAccount(db: Db, viewer: Viewer, accountId: string): Promise<Exclude<Relation, 'none'>> {
  if (accountId === viewer.id || accountId === viewer.tenantId) return 'self';
  return (await inBranch(db, viewer, accountId)) ? 'own' : 'other';
}
