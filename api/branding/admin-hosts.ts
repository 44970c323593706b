import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { oemBrandings } from '../db/schema-identity.ts';

/** The admin hosts OEM masters registered, in memory: read by the CSRF check, the TLS ask and the site port's hand-over to the admin. */
export type AdminHosts = {
  has(host: string): boolean;
  /** Every registered host, for a header that must name them (the preview's frame-ancestors). */
  all(): readonly string[];
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
  return { has: (host) => hosts.has(host.toLowerCase()), all: () => [...hosts], refresh };
}

/**
 * The admin origin and every registered admin host as an origin on its scheme and port: the
 * origins that may frame a draft's preview (the page editor's canvas answers the one that framed it).
 * @example adminOrigins('https://admin.swipegrid.com', hosts) // ['https://admin.swipegrid.com', 'https://admin.oem-example.com']
 */
export function adminOrigins(adminOrigin: string, hosts: AdminHosts): string[] {
  const base = new URL(adminOrigin);
  return [adminOrigin, ...hosts.all().map((host) => `${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`)];
}
