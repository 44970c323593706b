import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { oemBrandings } from '../db/schema-identity.ts';

/** The admin hosts OEM masters registered, in memory: read by the CSRF check, the TLS ask and the site port's hand-over to the admin. */
export type AdminHosts = {
  has(host: string): boolean;
  /** Reads the set again from the database; called after every branding save. */
  refresh(): void;
};

/** Like the connected custom domains (api/domains/connected-domains.ts): a Set lookup per request or handshake, no database read. */
export function createAdminHosts(db: Db): AdminHosts {
  let hosts = new Set<string>();
  const refresh = () => {
    hosts = new Set(
      db
        .select({ host: oemBrandings.adminHost })
        .from(oemBrandings)
        .where(isNotNull(oemBrandings.adminHost))
        .all()
        .flatMap((row) => (row.host ? [row.host] : [])),
    );
  };
  refresh();
  return { has: (host) => hosts.has(host.toLowerCase()), refresh };
}
