import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { CONSOLE_COLOURS } from '../../model/branding-colours.ts';
import type { BrandingInput, BrandingView, OemBranding } from '../../model/branding.ts';
import type { DnsRecord } from '../../model/domain.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { siteDomains } from '../db/schema-access.ts';
import { oemBrandings } from '../db/schema-identity.ts';
import { AppError } from '../http/errors.ts';
import { ancestorIds } from '../identity/account-tree.ts';

/** Names an OEM's admin host may not take: the admin's own, and the sites' (SITE_DOMAIN and below it). */
export type ReservedHosts = { adminHost: string; siteDomain: string };

/** The OEM master an account is under (itself, for an OEM master), nearest first; null for the platform and its direct users. */
export async function oemMasterOf(db: Db, accountId: string): Promise<string | null> {
  const chain = await ancestorIds(db, accountId);
  if (chain.length === 0) return null;
  const types = new Map((await db.select({ id: accounts.id, type: accounts.accountType }).from(accounts).where(inArray(accounts.id, chain)).all()).map((row) => [row.id, row.type]));
  return chain.find((id) => types.get(id) === 'OEM_MASTER') ?? null;
}

/** The branding an account's console shows: its OEM master's, once that master has saved one. */
export async function brandingFor(db: Db, accountId: string): Promise<BrandingView | null> {
  const oem = await oemMasterOf(db, accountId);
  if (!oem) return null;
  const row = await db.select().from(oemBrandings).where(eq(oemBrandings.accountId, oem)).get();
  return row ? { logoUrl: row.logoUrl, mainColor: row.mainColor, textColor: row.textColor } : null;
}

/** The branding of an admin host some OEM verified, for its login page; null for any other host, a pending claim's included. */
export async function brandingOfHost(db: Db, host: string): Promise<BrandingView | null> {
  if (!host) return null;
  const row = await db
    .select()
    .from(oemBrandings)
    .where(and(eq(oemBrandings.adminHost, host), isNotNull(oemBrandings.adminHostVerifiedAt)))
    .get();
  return row ? { logoUrl: row.logoUrl, mainColor: row.mainColor, textColor: row.textColor } : null;
}

/** The DNS records that prove a claim on a host (api/domains/: the TXT record and the target). */
export type RecordsFor = (host: string, token: string) => DnsRecord[];

/** An OEM master's branding as it edits it: the console's own colours until it saves its own, and where its admin host's claim stands. */
export async function readOemBranding(db: Db, oemId: string, recordsFor: RecordsFor): Promise<OemBranding> {
  const row = await db.select().from(oemBrandings).where(eq(oemBrandings.accountId, oemId)).get();
  if (!row) return { logoUrl: '', mainColor: CONSOLE_COLOURS.main, textColor: CONSOLE_COLOURS.text, adminHost: '', adminHostState: 'none', adminHostRecords: [] };
  const claimed = row.adminHost && row.adminHostToken ? { host: row.adminHost, token: row.adminHostToken } : null;
  return {
    logoUrl: row.logoUrl,
    mainColor: row.mainColor,
    textColor: row.textColor,
    adminHost: row.adminHost ?? '',
    adminHostState: !claimed ? 'none' : row.adminHostVerifiedAt ? 'verified' : 'pending',
    adminHostRecords: claimed ? recordsFor(claimed.host, claimed.token) : [],
  };
}

/**
 * Saves an OEM master's colours and admin host. The host may not be the admin's own, a name under
 * SITE_DOMAIN (a site's origin), a site's custom domain or another OEM's verified host; a new name
 * is a pending claim with a new token, trusted by nothing until DNS proves it (admin-host-claims.ts),
 * and the same name keeps its token and its verification.
 */
export async function saveOemBranding(db: Db, oemId: string, input: BrandingInput, reserved: ReservedHosts, recordsFor: RecordsFor): Promise<OemBranding> {
  const host = input.adminHost || null;
  if (host) await refuseReserved(db, oemId, host, reserved);
  const current = await db.select().from(oemBrandings).where(eq(oemBrandings.accountId, oemId)).get();
  const claim =
    host !== null && host === current?.adminHost
      ? { adminHostToken: current.adminHostToken, adminHostVerifiedAt: current.adminHostVerifiedAt }
      : { adminHostToken: host ? `sg-verify-${randomBytes(16).toString('hex')}` : null, adminHostVerifiedAt: null };
  const values = { mainColor: input.mainColor, textColor: input.textColor, adminHost: host, ...claim, updatedAt: new Date() };
  await db
    .insert(oemBrandings)
    .values({ accountId: oemId, ...values })
    .onConflictDoUpdate({ target: oemBrandings.accountId, set: values })
    .run();
  return await readOemBranding(db, oemId, recordsFor);
}

/** Sets an OEM master's logo, keeping its colours (the console's own until it saves some). */
export async function setOemLogo(db: Db, oemId: string, logoUrl: string, recordsFor: RecordsFor): Promise<OemBranding> {
  const current = await readOemBranding(db, oemId, recordsFor);
  await db
    .insert(oemBrandings)
    .values({ accountId: oemId, logoUrl, mainColor: current.mainColor, textColor: current.textColor, updatedAt: new Date() })
    .onConflictDoUpdate({ target: oemBrandings.accountId, set: { logoUrl, updatedAt: new Date() } })
    .run();
  return await readOemBranding(db, oemId, recordsFor);
}

async function refuseReserved(db: Db, oemId: string, host: string, reserved: ReservedHosts): Promise<void> {
  const site = reserved.siteDomain.toLowerCase();
  if (host === reserved.adminHost.toLowerCase() || host === site || host.endsWith(`.${site}`)) throw hostRefusal('adminHostReserved', host);
  if (await db.select({ domain: siteDomains.domain }).from(siteDomains).where(eq(siteDomains.domain, host)).get()) throw hostRefusal('adminHostTaken', host);
  // A pending claim holds nothing (it would let one OEM squat another's future name); a verified one does.
  const verified = await db
    .select({ accountId: oemBrandings.accountId })
    .from(oemBrandings)
    .where(and(eq(oemBrandings.adminHost, host), isNotNull(oemBrandings.adminHostVerifiedAt), ne(oemBrandings.accountId, oemId)))
    .get();
  if (verified) throw hostRefusal('adminHostTaken', host);
}

export function hostRefusal(key: 'adminHostTaken' | 'adminHostReserved', host: string): AppError {
  return new AppError(key === 'adminHostTaken' ? 'conflict' : 'validation', key, { values: { host }, issues: [{ path: ['adminHost'], key, values: { host } }] });
}
