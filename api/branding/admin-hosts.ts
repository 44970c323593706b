import { and, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { oemBrandings } from '../db/schema-identity.ts';

/** The admin hosts OEM masters verified, in memory: read by the CSRF check, the TLS ask, the site port's hand-over and the sites' framing. */
export type AdminHosts = {
  has(host: string): boolean;
  /** The verified admin host of an OEM master, or null: the one host besides the admin that may frame its customers' sites. */
  hostOf(oemId: string): string | null;
  /** Reads the hosts again from the database; called after every branding save and check. */
  refresh(): void;
};

/**
 * Like the connected custom domains (api/domains/connected-domains.ts): a Map lookup per request or
 * handshake, no database read. Only verified claims are in it: a pending one is trusted by nothing.
 */
export async function createAdminHosts(db: Db): Promise<AdminHosts> {
  let oemOfHost = new Map<string, string>();
  let hostOfOem = new Map<string, string>();
  const refresh = async () => {
    const rows = (
      await db
        .select({ host: oemBrandings.adminHost, oemId: oemBrandings.accountId })
        .from(oemBrandings)
        .where(and(isNotNull(oemBrandings.adminHost), isNotNull(oemBrandings.adminHostVerifiedAt)))
        .all()
    ).flatMap((row) => (row.host ? [{ host: row.host, oemId: row.oemId }] : []));
    oemOfHost = new Map(rows.map((row) => [row.host, row.oemId]));
    hostOfOem = new Map(rows.map((row) => [row.oemId, row.host]));
  };
  await refresh();
  return { has: (host) => oemOfHost.has(host.toLowerCase()), hostOf: (oemId) => hostOfOem.get(oemId) ?? null, refresh };
}
