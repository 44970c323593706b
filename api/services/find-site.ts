import { eq } from 'drizzle-orm';
import type { SessionAccount } from '../auth/sessions.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { notFound } from '../errors.ts';

export type SiteRow = typeof sites.$inferSelect;

/** The platform operator sees every site; anyone else only their own. */
export function canAccessSite(account: SessionAccount, site: Pick<SiteRow, 'ownerId'>): boolean {
  return account.accountType === 'MASTER' || site.ownerId === account.id;
}

/** The site if this account may see it; otherwise 404, so another owner's site does not even exist. */
export function findSiteForAccount(db: Db, account: SessionAccount, siteId: string): SiteRow {
  const site = db.select().from(sites).where(eq(sites.id, siteId)).get();
  if (!site || !canAccessSite(account, site)) throw notFound('Site not found.');
  return site;
}
