import { and, type Column, count, desc, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { userListQuerySchema } from '../../model/account.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { inBranchOf, type Viewer } from './account-tree.ts';
import { toUserView } from './user-view.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
/** Contains the words in any case, on either database (SQLite's LIKE ignores ASCII case, PostgreSQL's none). */
const contains = (column: Column, pattern: string) => sql`lower(${column}) LIKE lower(${pattern}) ESCAPE '\\'`;

/** The users below the viewer (sub-admins are on admin lists, not here), searched by company, email or contact, a page at a time. */
export async function listUsers(db: Db, viewer: Viewer, query: z.output<typeof userListQuerySchema>) {
  const conditions: SQL[] = [ne(accounts.accountType, 'SUB_ADMIN'), ne(accounts.id, viewer.tenantId)];
  if (viewer.scopeRootId !== null) conditions.push(inBranchOf(accounts.id, viewer.scopeRootId));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(contains(accounts.companyName, pattern), contains(accounts.email, pattern), contains(accounts.contactPerson, pattern))!);
  }
  const where = and(...conditions);
  const total = (await db.select({ n: count() }).from(accounts).where(where).get())?.n ?? 0;
  const rows = await db
    .select()
    .from(accounts)
    .where(where)
    .orderBy(desc(accounts.createdAt), accounts.id)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .all();
  return { users: rows.map(toUserView), total, page: query.page, limit: query.limit };
}
