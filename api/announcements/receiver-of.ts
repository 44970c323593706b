import { inArray } from 'drizzle-orm';
import type { Receiver } from '../../model/announcement.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { ancestorIds } from '../identity/account-tree.ts';
import type { Actor } from '../identity/actor.ts';

/**
 * Which receiver an account is, by the type it acts with (a sub-admin is its parent's): a user
 * is an OEM user when an OEM master stands above it, else a direct user. The platform's master
 * posts announcements and receives none.
 */
export async function receiverOf(db: Db, actor: Pick<Actor, 'effectiveType' | 'tenantId'>): Promise<Receiver | null> {
  switch (actor.effectiveType) {
    case 'MASTER':
      return null;
    case 'MASTER_USER':
    case 'OEM_MASTER':
    case 'OEM_ADMIN':
      return actor.effectiveType;
    case 'USER': {
      const above = (await ancestorIds(db, actor.tenantId)).slice(1);
      return above.length > 0 && (await hasOemMaster(db, above)) ? 'OEM_USER' : 'DIRECT_USER';
    }
  }
}

async function hasOemMaster(db: Db, ids: string[]): Promise<boolean> {
  return (await db.select({ type: accounts.accountType }).from(accounts).where(inArray(accounts.id, ids)).all()).some((row) => row.type === 'OEM_MASTER');
}
