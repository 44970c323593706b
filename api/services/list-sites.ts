import { desc, eq } from 'drizzle-orm';
import type { SessionAccount } from '../auth/sessions.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';

/** The sites this account may see, newest change first. */
export function listSites(db: Db, account: SessionAccount) {
  const columns = {
    id: sites.id, name: sites.name, status: sites.status, numberHorizontal: sites.numberHorizontal, numberVertical: sites.numberVertical,
    liveVersion: sites.liveVersion, publishedAt: sites.publishedAt, createdAt: sites.createdAt, updatedAt: sites.updatedAt,
  };
  const query = db.select(columns).from(sites);
  return (account.accountType === 'MASTER' ? query : query.where(eq(sites.ownerId, account.id))).orderBy(desc(sites.updatedAt)).all();
}
