import { eq } from 'drizzle-orm';
import type { HostNames } from '../../publisher/domains.ts';
import type { Queries } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { findSiteDomain } from './site-domain-row.ts';

/**
 * The names a site is reached on now: its handle and its custom domain once connected, the
 * address a publish of its draft would be made for (`publishableDraft`). What a rollback points
 * at, whatever the version it brings back was made for.
 */
export async function siteHostNames(db: Queries, siteId: string): Promise<HostNames> {
  const site = await db.select({ handle: sites.handle }).from(sites).where(eq(sites.id, siteId)).get();
  const row = await findSiteDomain(db, siteId);
  return { handle: site?.handle ?? undefined, domain: row?.state === 'connected' ? row.domain : undefined };
}
