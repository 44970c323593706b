import { eq } from 'drizzle-orm';
import type { EffectiveType } from '../../model/account.ts';
import { PLATFORM_ISSUER, type Issuer, type IssuerInput } from '../../model/invoice.ts';
import type { Queries } from '../db/open-database.ts';
import { invoiceIssuers } from '../db/schema-billing.ts';

/** The issuer a caller speaks for: the platform's operators for the platform, an OEM master for itself. */
export function issuerIdOf(actor: { effectiveType: EffectiveType; tenantId: string }): string {
  return actor.effectiveType === 'MASTER' || actor.effectiveType === 'MASTER_USER' ? PLATFORM_ISSUER : actor.tenantId;
}

export async function readIssuer(db: Queries, issuerId: string): Promise<Issuer | null> {
  const row = await db.select().from(invoiceIssuers).where(eq(invoiceIssuers.issuerId, issuerId)).get();
  return row ? { issuerId: row.issuerId, companyName: row.companyName, address: row.address, registrationNumber: row.registrationNumber, nextNumber: row.nextNumber } : null;
}

/** Sets the issuer's details, never its number sequence: a run may be taking numbers from it at this moment. */
export async function saveIssuer(db: Queries, issuerId: string, input: IssuerInput): Promise<Issuer> {
  await db
    .insert(invoiceIssuers)
    .values({ issuerId, ...input })
    .onConflictDoUpdate({ target: invoiceIssuers.issuerId, set: { ...input, updatedAt: new Date() } })
    .run();
  return (await readIssuer(db, issuerId))!;
}
