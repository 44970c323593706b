import type { BillingMonth } from '../../model/billing-month.ts';
import { monthStartsAt } from '../../model/billing-month.ts';
import type { Queries } from '../db/open-database.ts';
import { accounts, creatives, pages, sites } from '../db/schema.ts';
import { analyticsSiteRollups } from '../db/schema-analytics.ts';
import { invoiceIssuers, planChanges, subscriptions } from '../db/schema-billing.ts';
import { contractHistory, plans } from '../db/schema-identity.ts';

/**
 * Rows the billing run's tests and bench stand on, written with plain inserts: plans with the
 * fees given, accounts with their subscriptions, page views in the month rollups and pages.
 * Only what the run reads is filled in.
 */

export type PlanTerms = { id: string; price: number; initialFee: number; licenseFee: number; limitAccess: number; limitAccessPrice: number };

export async function addPlan(db: Queries, terms: PlanTerms): Promise<void> {
  await db
    .insert(plans)
    .values({
      ...terms,
      name: terms.id,
      tier: 'standard',
      multilingual: false,
      quantitySwipe: 50,
      quantitySite: 5,
      swipe: true,
      privateDomain: false,
      settingPopupCta: false,
      settingFormContact: false,
      analyticsEffect: true,
      settingTagSeo: false,
      multiLanguage: false,
    })
    .run();
}

export async function addIssuer(db: Queries, issuerId: string, companyName: string, registrationNumber: string): Promise<void> {
  await db.insert(invoiceIssuers).values({ issuerId, companyName, address: '東京都千代田区丸の内1-1-1', registrationNumber }).run();
}

export type FixtureAccount = {
  id: string;
  type: 'MASTER' | 'MASTER_USER' | 'OEM_MASTER' | 'OEM_ADMIN' | 'USER' | 'SUB_ADMIN';
  parentId?: string;
  /** The plan of each stretch: `[planId, startMonth, endMonth?]`. */
  subscriptions?: readonly (readonly [string, BillingMonth, BillingMonth?])[];
  contractStart?: string;
  contractState?: 'active' | 'suspended' | 'terminated' | 'inactive';
  /** When the contract was terminated (ms), recorded in its history. */
  terminatedAt?: number;
  licenseIssued?: boolean;
  /** Page views of `month`, on one site of the account. */
  pageViews?: { month: BillingMonth; views: number };
  /** Pages on that site. */
  pages?: number;
  /** A pending change to this plan, effective the month after `month`. */
  pendingChange?: { toPlanId: string; effectiveMonth: BillingMonth };
};

export async function addAccount(db: Queries, account: FixtureAccount): Promise<void> {
  await db
    .insert(accounts)
    .values({
      id: account.id,
      email: `${account.id}@example.com`,
      passwordHash: '',
      accountType: account.type,
      parentId: account.parentId ?? null,
      companyName: `株式会社${account.id}`,
      contactPerson: `担当 ${account.id}`,
      contractStart: account.contractStart ?? null,
      contractState: account.contractState ?? 'active',
      licenseIssued: account.licenseIssued ?? false,
      planId: account.subscriptions?.at(-1)?.[0] ?? null,
    })
    .run();
  for (const [planId, startMonth, endMonth] of account.subscriptions ?? []) {
    await db
      .insert(subscriptions)
      .values({ id: `${account.id}-${startMonth}`, accountId: account.id, planId, startMonth, endMonth: endMonth ?? null })
      .run();
  }
  if (account.terminatedAt !== undefined)
    await db
      .insert(contractHistory)
      .values({ id: `${account.id}-end`, accountId: account.id, fromState: 'active', toState: 'terminated', at: new Date(account.terminatedAt) })
      .run();
  if (account.pendingChange)
    await db
      .insert(planChanges)
      .values({
        id: `${account.id}-change`,
        accountId: account.id,
        fromPlanId: account.subscriptions?.at(-1)?.[0] ?? null,
        toPlanId: account.pendingChange.toPlanId,
        effectiveMonth: account.pendingChange.effectiveMonth,
        status: 'pending',
      })
      .run();
  if (account.pageViews || account.pages) await addSite(db, account);
}

async function addSite(db: Queries, account: FixtureAccount): Promise<void> {
  const siteId = `site-${account.id}`.toLowerCase();
  await db.insert(sites).values({ id: siteId, ownerId: account.id, name: siteId, handle: siteId, numberHorizontal: 1, numberVertical: 1, settings: {} }).run();
  if (account.pageViews) {
    const dims = { variant: '', lang: '', device: '', source: '' };
    await db
      .insert(analyticsSiteRollups)
      .values({ siteId, grain: 'M', bucket: monthStartsAt(account.pageViews.month), ...dims, views: account.pageViews.views })
      .run();
    // A filtered row of the same month must not be counted again: reports sum either these or the `M` rows.
    await db
      .insert(analyticsSiteRollups)
      .values({ siteId, grain: 'm', bucket: monthStartsAt(account.pageViews.month), ...dims, device: 'mobile', views: account.pageViews.views })
      .run();
  }
  if (account.pages) {
    await db
      .insert(creatives)
      .values({ id: `${siteId}-c`, siteId, columnIndex: 0, name: { jp: 'A' } })
      .run();
    await db
      .insert(pages)
      .values(Array.from({ length: account.pages }, (_, row) => ({ id: `${siteId}-p${row}`, siteId, creativeId: `${siteId}-c`, row, content: {} })))
      .run();
  }
}
