import { desc, eq } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import { type BillingRun, billingRunSchema, type InvoiceView, invoiceViewSchema } from '../../model/invoice.ts';
import type { Db } from '../db/open-database.ts';
import { billingRuns, invoiceLines, invoices } from '../db/schema-billing.ts';
import { plans } from '../db/schema-identity.ts';
import { inBranch, type Viewer } from '../identity/account-tree.ts';

/**
 * An invoice as its readers see it, or null when the viewer may not: the billed account (and its
 * sub-admins), anyone above it in the tree (its OEM master bills it; the platform sees all).
 * Drafts are the run's business, not a reader's.
 */
export async function readInvoice(db: Db, viewer: Viewer, id: string): Promise<InvoiceView | null> {
  const row = await db.select({ invoice: invoices, planName: plans.name }).from(invoices).leftJoin(plans, eq(plans.id, invoices.planId)).where(eq(invoices.id, id)).get();
  if (!row || row.invoice.status === 'draft' || !(await inBranch(db, viewer, row.invoice.accountId))) return null;
  const { invoice } = row;
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(invoiceLines.position).all();
  return invoiceViewSchema.parse({
    ...invoice,
    planName: row.planName,
    issuer: invoice.issuerSnapshot,
    recipient: invoice.recipientSnapshot,
    issuedAt: invoice.issuedAt?.getTime() ?? null,
    lines,
  });
}

export async function listBillingRuns(db: Db, period: BillingMonth): Promise<BillingRun[]> {
  return (await db.select().from(billingRuns).where(eq(billingRuns.period, period)).orderBy(desc(billingRuns.startedAt)).all()).map((run) =>
    billingRunSchema.parse({ ...run, startedAt: run.startedAt.getTime(), finishedAt: run.finishedAt?.getTime() ?? null }),
  );
}
