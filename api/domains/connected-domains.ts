import { eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { siteDomains } from '../db/schema-access.ts';

/** The connected custom domains, in memory: what Caddy's on-demand TLS ask is answered from. */
export type ConnectedDomains = {
  has(domain: string): boolean;
  /** Reads the set again from the database; called after every change of a domain's state. */
  refresh(): void;
};

/**
 * Caddy asks before each certificate it would request, and a handshake waits for the answer:
 * a Set lookup answers in well under a microsecond (bench/ has no need of a database read per
 * handshake). The set is read whole at creation and after each change this process makes.
 */
export async function createConnectedDomains(db: Db): Promise<ConnectedDomains> {
  let domains = new Set<string>();
  const refresh = async () => {
    domains = new Set((await db.select({ domain: siteDomains.domain }).from(siteDomains).where(eq(siteDomains.state, 'connected')).all()).map((row) => row.domain));
  };
  await refresh();
  return { has: (domain) => domains.has(domain.toLowerCase()), refresh };
}
