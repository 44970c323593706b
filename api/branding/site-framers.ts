import { eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import type { AdminHosts } from './admin-hosts.ts';
import { oemMasterOf } from './brandings.ts';

/** Sites whose OEM is remembered; past it the memory starts over. */
const REMEMBERED_SITES = 10_000;

/**
 * The origins that may frame one site's pages and previews, space-separated: the admin's and, when
 * the site's owner is under an OEM master with a verified admin host, that host on the admin's
 * scheme and port. Never another OEM's: one OEM does not choose who frames everyone's sites.
 * Empty until the admin listens. A site's owner and the owner's place in the tree never change, so
 * its OEM master is read once; the host itself is the live in-memory one.
 *
 * @example siteFramers(db, hosts, () => 'https://admin.swipegrid.com')(siteId) // 'https://admin.swipegrid.com https://admin.oem-a.com'
 */
export function siteFramers(db: Db, adminHosts: AdminHosts, adminOrigin: () => string): (siteId: string) => Promise<string> {
  const oemOfSite = new Map<string, string | null>();
  const oemOf = async (siteId: string): Promise<string | null> => {
    if (oemOfSite.has(siteId)) return oemOfSite.get(siteId) ?? null;
    const owner = (await db.select({ ownerId: sites.ownerId }).from(sites).where(eq(sites.id, siteId)).get())?.ownerId;
    // An unknown site is not remembered: it may be created next.
    if (!owner) return null;
    const oem = await oemMasterOf(db, owner);
    if (oemOfSite.size >= REMEMBERED_SITES) oemOfSite.clear();
    oemOfSite.set(siteId, oem);
    return oem;
  };
  return async (siteId) => {
    const base = adminOrigin();
    if (!base) return '';
    const oem = await oemOf(siteId);
    const host = oem ? adminHosts.hostOf(oem) : null;
    if (!host) return base;
    const admin = new URL(base);
    return `${base} ${admin.protocol}//${host}${admin.port ? `:${admin.port}` : ''}`;
  };
}
