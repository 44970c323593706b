import { and, eq, isNull } from 'drizzle-orm';
import type { DomainCheck } from '../../model/domain.ts';
import type { Db } from '../db/open-database.ts';
import { siteDomains } from '../db/schema-access.ts';
import { oemBrandings } from '../db/schema-identity.ts';
import { isUniqueViolation } from '../db/site-handles.ts';
import { hostRefusal } from './brandings.ts';

/** An OEM's claim on an admin host, as DNS must prove it. */
export type AdminHostClaim = { host: string; token: string; verified: boolean };

/** The OEM master's claim, or null when it claimed no host. */
export async function adminHostClaim(db: Db, oemId: string): Promise<AdminHostClaim | null> {
  const row = await db.select().from(oemBrandings).where(eq(oemBrandings.accountId, oemId)).get();
  if (!row?.adminHost || !row.adminHostToken) return null;
  return { host: row.adminHost, token: row.adminHostToken, verified: row.adminHostVerifiedAt !== null };
}

/**
 * Records a check of a pending claim: verified when DNS proved it, provided the claim is still the
 * one checked (the OEM may have saved another name meanwhile) and no site took the name as its
 * custom domain meanwhile. The partial unique index decides
 * between two OEMs proving one name at once: the first verified keeps it, the other is refused.
 */
export async function recordAdminHostCheck(db: Db, oemId: string, claim: AdminHostClaim, check: DomainCheck): Promise<void> {
  if (check.outcome !== 'connected') return;
  // A site saved the name as its custom domain since the claim: one name is never both a site and an admin.
  if (await db.select({ domain: siteDomains.domain }).from(siteDomains).where(eq(siteDomains.domain, claim.host)).get()) throw hostRefusal('adminHostTaken', claim.host);
  try {
    await db
      .update(oemBrandings)
      .set({ adminHostVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(oemBrandings.accountId, oemId), eq(oemBrandings.adminHost, claim.host), eq(oemBrandings.adminHostToken, claim.token), isNull(oemBrandings.adminHostVerifiedAt)))
      .run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw hostRefusal('adminHostTaken', claim.host);
  }
}
