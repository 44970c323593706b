import { and, eq, sql } from 'drizzle-orm';
import { type BillingMonth, billingMonthOf, monthStartsAt } from '../../model/billing-month.ts';
import { PLATFORM_ISSUER } from '../../model/invoice.ts';
import type { Queries } from '../db/open-database.ts';
import { accounts, pages, sites } from '../db/schema.ts';
import { analyticsSiteRollups } from '../db/schema-analytics.ts';
import { paymentCards, subscriptions } from '../db/schema-billing.ts';
import { contractHistory } from '../db/schema-identity.ts';

/** Who may receive an invoice: direct users and OEM customers (USER), and OEM masters. Staff accounts and sub-admins never. */
const BILLED_TYPES = new Set(['USER', 'OEM_MASTER']);

export type BillableAccount = {
  id: string;
  issuerId: string;
  companyName: string;
  contactPerson: string;
  email: string;
  licenseIssued: boolean;
  /** The contract's first month: its start, else its first subscription's. */
  firstMonth: BillingMonth | null;
  billingMethod: 'card' | 'bank_transfer';
  pageViews: number;
  blocksUsed: number;
};

type AccountFacts = Pick<typeof accounts.$inferSelect, 'id' | 'accountType' | 'parentId' | 'contractState' | 'contractStart' | 'contractExpiry'>;

/**
 * The accounts billed for month M, in id order (the order invoice numbers follow, so a rerun
 * numbers as a clean run would), with the figures their lines need, read in a few grouped
 * statements rather than per account. Whether a plan covers the month is asked per account by
 * the run itself. Left out: inactive (never contracted) accounts, contracts that start after M
 * or expired before it, and accounts terminated in an earlier month. Suspended ones are billed:
 * the 12-month minimum runs on (docs/decisions.md "Billing run").
 */
export async function billableAccounts(db: Queries, month: BillingMonth): Promise<BillableAccount[]> {
  const all = await db
    .select({
      id: accounts.id,
      accountType: accounts.accountType,
      parentId: accounts.parentId,
      contractState: accounts.contractState,
      contractStart: accounts.contractStart,
      contractExpiry: accounts.contractExpiry,
      companyName: accounts.companyName,
      contactPerson: accounts.contactPerson,
      email: accounts.email,
      licenseIssued: accounts.licenseIssued,
    })
    .from(accounts)
    .orderBy(accounts.id)
    .all();
  const byId = new Map<string, AccountFacts>(all.map((row) => [row.id, row]));
  const terminatedIn = await terminationMonths(db);
  const firstSubscribed = new Map(
    (
      await db
        .select({ accountId: subscriptions.accountId, first: sql<string>`min(${subscriptions.startMonth})` })
        .from(subscriptions)
        .groupBy(subscriptions.accountId)
        .all()
    ).map((row) => [row.accountId, row.first]),
  );
  const views = await pageViewsByOwner(db, month);
  const blocks = new Map(
    (await db.select({ ownerId: sites.ownerId, count: sql<number>`count(*)` }).from(pages).innerJoin(sites, eq(sites.id, pages.siteId)).groupBy(sites.ownerId).all()).map((row) => [
      row.ownerId,
      row.count,
    ]),
  );
  const cards = new Set((await db.select({ accountId: paymentCards.accountId }).from(paymentCards).where(sql`${paymentCards.providerMethodId} IS NOT NULL`).all()).map((row) => row.accountId));
  return all
    .filter((account) => BILLED_TYPES.has(account.accountType) && contractCovers(account, month, terminatedIn.get(account.id)))
    .map((account) => ({
      id: account.id,
      issuerId: issuerOf(account, byId),
      companyName: account.companyName,
      contactPerson: account.contactPerson,
      email: account.email,
      licenseIssued: account.licenseIssued,
      firstMonth: account.contractStart?.slice(0, 7) || firstSubscribed.get(account.id) || null,
      billingMethod: cards.has(account.id) ? 'card' : 'bank_transfer',
      pageViews: views.get(account.id) ?? 0,
      blocksUsed: blocks.get(account.id) ?? 0,
    }));
}

function contractCovers(account: AccountFacts, month: BillingMonth, terminated: BillingMonth | undefined): boolean {
  if (account.contractState === 'inactive') return false;
  if (account.contractStart && account.contractStart.slice(0, 7) > month) return false;
  if (account.contractExpiry && account.contractExpiry.slice(0, 7) < month) return false;
  if (account.contractState === 'terminated') {
    // Billed up to and including the month it ended; with no recorded date, the expiry stands in.
    const ended = terminated ?? account.contractExpiry?.slice(0, 7);
    return ended !== undefined && month <= ended;
  }
  return true;
}

/** The platform bills its direct users and OEM masters; an OEM master bills the customers below it. */
function issuerOf(account: AccountFacts, byId: ReadonlyMap<string, AccountFacts>): string {
  if (account.accountType === 'OEM_MASTER') return PLATFORM_ISSUER;
  let parentId = account.parentId;
  for (let depth = 0; parentId && depth < 32; depth++) {
    const parent = byId.get(parentId);
    if (!parent) break;
    if (parent.accountType === 'OEM_MASTER') return parent.id;
    parentId = parent.parentId;
  }
  return PLATFORM_ISSUER;
}

/** The Japan month each terminated account's contract ended in (its first termination: it is never undone). */
async function terminationMonths(db: Queries): Promise<Map<string, BillingMonth>> {
  const rows = await db
    .select({ accountId: contractHistory.accountId, at: sql<number>`min(${contractHistory.at})` })
    .from(contractHistory)
    .where(eq(contractHistory.toState, 'terminated'))
    .groupBy(contractHistory.accountId)
    .all();
  return new Map(rows.map((row) => [row.accountId, billingMonthOf(row.at)]));
}

/**
 * Each owner's page views in month M, from the month rollups of all filter combinations (grain
 * `M`, bucket: the Japan month's first instant), summed over its sites. Never raw events.
 */
async function pageViewsByOwner(db: Queries, month: BillingMonth): Promise<Map<string, number>> {
  const rows = await db
    .select({ ownerId: sites.ownerId, views: sql<number>`sum(${analyticsSiteRollups.views})` })
    .from(sites)
    .innerJoin(analyticsSiteRollups, and(eq(analyticsSiteRollups.siteId, sites.id), eq(analyticsSiteRollups.grain, 'M'), eq(analyticsSiteRollups.bucket, monthStartsAt(month))))
    .groupBy(sites.ownerId)
    .all();
  return new Map(rows.map((row) => [row.ownerId, row.views]));
}
