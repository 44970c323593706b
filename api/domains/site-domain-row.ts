import { eq } from 'drizzle-orm';
import { DOMAIN_VERIFY_WINDOW_MS, domainCheckSchema, domainStateSchema, verificationName, type DnsRecord, type DomainView } from '../../model/domain.ts';
import { parseIpRange } from '../../model/ip-range.ts';
import type { Queries } from '../db/open-database.ts';
import { siteDomains } from '../db/schema-access.ts';
import type { DomainTarget } from './dns-check.ts';

export type SiteDomainRow = typeof siteDomains.$inferSelect;

export async function findSiteDomain(db: Queries, siteId: string): Promise<SiteDomainRow | undefined> {
  return await db.select().from(siteDomains).where(eq(siteDomains.siteId, siteId)).get();
}

/** The records the owner creates at their DNS host: the TXT record, and a CNAME or A/AAAA records to the site host. */
export function recordsFor(domain: string, token: string, target: DomainTarget): DnsRecord[] {
  const records: DnsRecord[] = [{ type: 'TXT', name: verificationName(domain), value: token }];
  if (target.cname) records.push({ type: 'CNAME', name: domain, value: target.cname });
  for (const address of target.addresses) records.push({ type: parseIpRange(address)?.family === 'ipv6' ? 'AAAA' : 'A', name: domain, value: address });
  return records;
}

/** A site's domain on the wire, with the records to create and what the last check found. */
export function toDomainView(row: SiteDomainRow, target: DomainTarget): DomainView {
  const check = domainCheckSchema.safeParse(row.lastCheck);
  return {
    domain: row.domain,
    state: domainStateSchema.parse(row.state),
    records: recordsFor(row.domain, row.token, target),
    verifyStartedAt: row.verifyStartedAt?.toISOString() ?? null,
    deadline: row.verifyStartedAt ? new Date(row.verifyStartedAt.getTime() + DOMAIN_VERIFY_WINDOW_MS).toISOString() : null,
    nextCheckAt: row.nextCheckAt?.toISOString() ?? null,
    lastCheck: check.success ? check.data : null,
    connectedAt: row.connectedAt?.toISOString() ?? null,
  };
}
