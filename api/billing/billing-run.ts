import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import type { Db, Queries } from '../db/open-database.ts';
import { billingRuns, invoiceIssuers, invoices } from '../db/schema-billing.ts';
import { type BillableAccount, billableAccounts } from './billing-facts.ts';
import { invoiceLines } from './invoice-lines.ts';
import { type BillingStatements, prepareBillingStatements } from './billing-statements.ts';
import { type PlanRow, plansInForce } from './plan-in-force.ts';
import { taxByRate } from './tax.ts';

/** Accounts per pair of transactions: small enough that a kill loses little, large enough that commits do not dominate. */
const BATCH = 500;

export type BillingRunResult = {
  runId: string;
  period: BillingMonth;
  accountsTotal: number;
  /** Invoices this run issued (a rerun issues only what an earlier one left). */
  issued: number;
  /** Drafts left because their issuer has not given its company name and registration number yet. */
  waitingForIssuer: number;
};

export type BillingRunOptions = {
  now?: () => number;
  /** Called after each batch is issued, with the accounts done so far. */
  onProgress?: (done: number, total: number) => void;
  batchSize?: number;
};

/**
 * The month's billing run (issue 14): one invoice per billable account and month. Accounts go
 * in id order, a batch at a time, each batch in two transactions: the first writes its drafts
 * (recomputing any draft an earlier, killed run left), the second issues them with numbers
 * from each issuer's sequence. An issued invoice is never touched again and (account, period)
 * is unique, so running twice, at once, or again after a kill gives exactly one invoice per
 * account and month, numbered as one clean run would have numbered them.
 */
export async function runBilling(db: Db, period: BillingMonth, options: BillingRunOptions = {}): Promise<BillingRunResult> {
  const now = options.now ?? Date.now;
  const accounts = await billableAccounts(db, period);
  const plans = await plansInForce(db, period);
  const statements = prepareBillingStatements(db);
  const runId = randomUUID();
  await db
    .insert(billingRuns)
    .values({ id: runId, period, status: 'running', accountsTotal: accounts.length, accountsDone: 0, startedAt: new Date(now()) })
    .run();
  const size = options.batchSize ?? BATCH;
  let issued = 0;
  let waitingForIssuer = 0;
  try {
    for (let start = 0; start < accounts.length; start += size) {
      const batch = accounts.slice(start, start + size);
      await db.transaction(async (tx) => await writeDrafts(tx, statements, batch, plans, period), { behavior: 'immediate' });
      const outcome = await db.transaction(
        async (tx) => {
          const result = await issueDrafts(tx, statements, batch, period, now());
          await tx
            .update(billingRuns)
            .set({ accountsDone: start + batch.length })
            .where(eq(billingRuns.id, runId))
            .run();
          return result;
        },
        { behavior: 'immediate' },
      );
      issued += outcome.issued;
      waitingForIssuer += outcome.waiting;
      options.onProgress?.(start + batch.length, accounts.length);
    }
  } catch (error) {
    await db
      .update(billingRuns)
      .set({ status: 'failed', finishedAt: new Date(now()) })
      .where(eq(billingRuns.id, runId))
      .run();
    throw error;
  }
  await db
    .update(billingRuns)
    .set({ status: 'finished', finishedAt: new Date(now()) })
    .where(eq(billingRuns.id, runId))
    .run();
  return { runId, period, accountsTotal: accounts.length, issued, waitingForIssuer };
}

/** Each account's draft for the month, unless its invoice is already issued; no plan in force or nothing to charge: no invoice. */
async function writeDrafts(tx: Queries, statements: BillingStatements, batch: readonly BillableAccount[], plans: ReadonlyMap<string, PlanRow>, period: BillingMonth): Promise<void> {
  const existing = new Map(
    (
      await tx
        .select({ id: invoices.id, accountId: invoices.accountId, status: invoices.status })
        .from(invoices)
        .where(
          and(
            eq(invoices.period, period),
            inArray(
              invoices.accountId,
              batch.map((account) => account.id),
            ),
          ),
        )
        .all()
    ).map((row) => [row.accountId, row]),
  );
  for (const account of batch) {
    const found = existing.get(account.id);
    if (found && found.status !== 'draft') continue;
    // A killed run's draft is computed again: the figures may have moved since (late rollups).
    if (found) await tx.delete(invoices).where(eq(invoices.id, found.id)).run();
    const plan = plans.get(account.id);
    if (!plan) continue;
    const lines = invoiceLines({ plan, firstMonth: account.firstMonth === period, licenseIssued: account.licenseIssued, pageViews: account.pageViews });
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    if (subtotal === 0) continue;
    const taxes = taxByRate(lines);
    const tax = taxes.reduce((sum, rate) => sum + rate.tax, 0);
    const id = randomUUID();
    await statements.insertDraft({
      id,
      issuerId: account.issuerId,
      accountId: account.id,
      period,
      billingMethod: account.billingMethod,
      planId: plan.id,
      pageViews: account.pageViews,
      blocksUsed: account.blocksUsed,
      subtotal,
      tax,
      total: subtotal + tax,
      taxByRate: JSON.stringify(taxes),
      recipientSnapshot: JSON.stringify({ companyName: account.companyName, contactPerson: account.contactPerson, email: account.email }),
    });
    for (const [position, line] of lines.entries()) await statements.insertLine(id, position, { id: randomUUID(), ...line });
  }
}

/**
 * Issues the batch's drafts in account order, each taking the next number of its issuer's
 * sequence in this same transaction, so a number is never taken without its invoice nor twice.
 */
async function issueDrafts(tx: Queries, statements: BillingStatements, batch: readonly BillableAccount[], period: BillingMonth, at: number): Promise<{ issued: number; waiting: number }> {
  const drafts = await tx
    .select({ id: invoices.id, issuerId: invoices.issuerId })
    .from(invoices)
    .where(
      and(
        eq(invoices.period, period),
        eq(invoices.status, 'draft'),
        inArray(
          invoices.accountId,
          batch.map((account) => account.id),
        ),
      ),
    )
    .orderBy(invoices.accountId)
    .all();
  const issuers = new Map<string, typeof invoiceIssuers.$inferSelect | null>();
  let issued = 0;
  for (const draft of drafts) {
    if (!issuers.has(draft.issuerId)) issuers.set(draft.issuerId, (await tx.select().from(invoiceIssuers).where(eq(invoiceIssuers.issuerId, draft.issuerId)).get()) ?? null);
    const issuer = issuers.get(draft.issuerId);
    if (!issuer) continue;
    const snapshot = JSON.stringify({ companyName: issuer.companyName, address: issuer.address, registrationNumber: issuer.registrationNumber });
    await statements.issue(draft.id, formatInvoiceNumber(issuer.nextNumber), at, snapshot);
    issuer.nextNumber += 1;
    issued++;
  }
  for (const issuer of issuers.values()) {
    if (issuer) await tx.update(invoiceIssuers).set({ nextNumber: issuer.nextNumber }).where(eq(invoiceIssuers.issuerId, issuer.issuerId)).run();
  }
  return { issued, waiting: drafts.length - issued };
}

/** @example formatInvoiceNumber(42) // '000042' */
export function formatInvoiceNumber(sequence: number): string {
  return String(sequence).padStart(6, '0');
}
