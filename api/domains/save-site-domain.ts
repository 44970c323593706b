import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Queries } from '../db/open-database.ts';
import { siteDomains } from '../db/schema-access.ts';
import { oemBrandings } from '../db/schema-identity.ts';
import { isUniqueViolation } from '../db/site-handles.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { findSiteDomain } from './site-domain-row.ts';

/** Whether a name is SITE_DOMAIN or under it: those are the product's own (`{handle}.{SITE_DOMAIN}`), never a custom domain. */
export function isUnderSiteDomain(domain: string, siteDomain: string): boolean {
  return domain === siteDomain || domain.endsWith(`.${siteDomain}`);
}

/**
 * Keeps a site's domain row in step with its saved `customDomain`, inside the settings' own
 * transaction: a new name starts over as `saved` with a new token; the same name keeps its
 * state; none removes the row. The domain column's unique index decides between two sites
 * saving one name at once (`domainTaken`). Answers whether anything changed.
 */
export async function saveSiteDomain(tx: Queries, siteId: string, domain: string | undefined, siteDomain: string): Promise<boolean> {
  const current = await findSiteDomain(tx, siteId);
  const next = domain?.toLowerCase() || undefined;
  if (current?.domain === next) return false;
  if (next && isUnderSiteDomain(next, siteDomain)) throw fieldError('bad_request', ['customDomain'], 'domainUnderSiteDomain', { siteDomain });
  // An OEM's verified admin host answers as the admin (api/branding/): never a site's as well. A pending claim holds nothing.
  if (
    next &&
    (await tx
      .select({ host: oemBrandings.adminHost })
      .from(oemBrandings)
      .where(and(eq(oemBrandings.adminHost, next), isNotNull(oemBrandings.adminHostVerifiedAt)))
      .get())
  )
    throw domainTaken(next);
  if (current) await tx.delete(siteDomains).where(eq(siteDomains.siteId, siteId)).run();
  if (!next) return true;
  try {
    await tx
      .insert(siteDomains)
      .values({ siteId, domain: next, token: `sg-verify-${randomBytes(16).toString('hex')}`, state: 'saved' })
      .run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw domainTaken(next);
  }
  return true;
}

function domainTaken(domain: string): AppError {
  return new AppError('conflict', 'domainTaken', { values: { domain }, issues: [{ path: ['customDomain'], key: 'domainTaken', values: { domain } }] });
}
