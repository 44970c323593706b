import { eq, inArray } from 'drizzle-orm';
import { CONSOLE_COLOURS } from '../../model/branding-colours.ts';
import type { BrandingInput, BrandingView, OemBranding } from '../../model/branding.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { siteDomains } from '../db/schema-access.ts';
import { oemBrandings } from '../db/schema-identity.ts';
import { isUniqueViolation } from '../db/site-handles.ts';
import { AppError } from '../http/errors.ts';
import { ancestorIds } from '../identity/account-tree.ts';

/** Names an OEM's admin host may not take: the admin's own, and the sites' (SITE_DOMAIN and below it). */
export type ReservedHosts = { adminHost: string; siteDomain: string };

/** The OEM master an account is under (itself, for an OEM master), nearest first; null for the platform and its direct users. */
export function oemMasterOf(db: Db, accountId: string): string | null {
  const chain = ancestorIds(db, accountId);
  if (chain.length === 0) return null;
  const types = new Map(
    db
      .select({ id: accounts.id, type: accounts.accountType })
      .from(accounts)
      .where(inArray(accounts.id, chain))
      .all()
      .map((row) => [row.id, row.type]),
  );
  return chain.find((id) => types.get(id) === 'OEM_MASTER') ?? null;
}

/** The branding an account's console shows: its OEM master's, once that master has saved one. */
export function brandingFor(db: Db, accountId: string): BrandingView | null {
  const oem = oemMasterOf(db, accountId);
  if (!oem) return null;
  const row = db.select().from(oemBrandings).where(eq(oemBrandings.accountId, oem)).get();
  return row ? { logoUrl: row.logoUrl, mainColor: row.mainColor, textColor: row.textColor } : null;
}

/** The branding of an admin host some OEM registered, for its login page; null for any other host. */
export function brandingOfHost(db: Db, host: string): BrandingView | null {
  if (!host) return null;
  const row = db.select().from(oemBrandings).where(eq(oemBrandings.adminHost, host)).get();
  return row ? { logoUrl: row.logoUrl, mainColor: row.mainColor, textColor: row.textColor } : null;
}

/** An OEM master's branding as it edits it: the console's own colours until it saves its own. */
export function readOemBranding(db: Db, oemId: string): OemBranding {
  const row = db.select().from(oemBrandings).where(eq(oemBrandings.accountId, oemId)).get();
  if (!row) return { logoUrl: '', mainColor: CONSOLE_COLOURS.main, textColor: CONSOLE_COLOURS.text, adminHost: '' };
  return { logoUrl: row.logoUrl, mainColor: row.mainColor, textColor: row.textColor, adminHost: row.adminHost ?? '' };
}

/**
 * Saves an OEM master's colours and admin host. The host may not be the admin's own, a name under
 * SITE_DOMAIN (a site's origin) or a site's custom domain; the unique index decides between two
 * OEMs saving one name at once.
 */
export function saveOemBranding(db: Db, oemId: string, input: BrandingInput, reserved: ReservedHosts): OemBranding {
  const host = input.adminHost || null;
  if (host) refuseReserved(db, host, reserved);
  const values = { mainColor: input.mainColor, textColor: input.textColor, adminHost: host, updatedAt: new Date() };
  try {
    db.insert(oemBrandings)
      .values({ accountId: oemId, ...values })
      .onConflictDoUpdate({ target: oemBrandings.accountId, set: values })
      .run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw hostRefusal('adminHostTaken', host ?? '');
  }
  return readOemBranding(db, oemId);
}

/** Sets an OEM master's logo, keeping its colours (the console's own until it saves some). */
export function setOemLogo(db: Db, oemId: string, logoUrl: string): OemBranding {
  const current = readOemBranding(db, oemId);
  db.insert(oemBrandings)
    .values({ accountId: oemId, logoUrl, mainColor: current.mainColor, textColor: current.textColor, updatedAt: new Date() })
    .onConflictDoUpdate({ target: oemBrandings.accountId, set: { logoUrl, updatedAt: new Date() } })
    .run();
  return readOemBranding(db, oemId);
}

function refuseReserved(db: Db, host: string, reserved: ReservedHosts): void {
  const site = reserved.siteDomain.toLowerCase();
  if (host === reserved.adminHost.toLowerCase() || host === site || host.endsWith(`.${site}`)) throw hostRefusal('adminHostReserved', host);
  if (db.select({ domain: siteDomains.domain }).from(siteDomains).where(eq(siteDomains.domain, host)).get()) throw hostRefusal('adminHostTaken', host);
}

function hostRefusal(key: 'adminHostTaken' | 'adminHostReserved', host: string): AppError {
  return new AppError(key === 'adminHostTaken' ? 'conflict' : 'validation', key, { values: { host }, issues: [{ path: ['adminHost'], key, values: { host } }] });
}
