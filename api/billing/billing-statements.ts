import { sql } from 'drizzle-orm';
import type { Queries } from '../db/open-database.ts';

/**
 * The billing run's per-invoice writes as fixed statement texts: the SQLite engine keeps each
 * text's prepared statement (api/db/sqlite-engine.ts), so a 10,000-account run prepares each once
 * (docs/decisions.md "Billing run"). Run on the database handle, they join the run's open
 * transaction (api/db/async-database.ts).
 */
export type BillingStatements = ReturnType<typeof prepareBillingStatements>;

export type DraftRow = {
  id: string;
  issuerId: string;
  accountId: string;
  period: string;
  billingMethod: string;
  planId: string;
  pageViews: number;
  blocksUsed: number;
  subtotal: number;
  tax: number;
  total: number;
  taxByRate: string;
  recipientSnapshot: string;
};

export function prepareBillingStatements(db: Queries) {
  return {
    insertDraft: async (row: DraftRow) =>
      await db.run(sql`INSERT INTO invoices (id, issuer_id, account_id, period, status, payment_status, billing_method, plan_id, page_views, blocks_used, subtotal, tax, total, tax_by_rate, recipient_snapshot)
        VALUES (${row.id}, ${row.issuerId}, ${row.accountId}, ${row.period}, 'draft', 'unpaid', ${row.billingMethod}, ${row.planId}, ${row.pageViews}, ${row.blocksUsed}, ${row.subtotal}, ${row.tax}, ${row.total}, ${row.taxByRate}, ${row.recipientSnapshot})`),
    insertLine: async (invoiceId: string, position: number, line: { id: string; kind: string; quantity: number; unitPrice: number; amount: number; taxRate: number }) =>
      await db.run(
        sql`INSERT INTO invoice_lines (id, invoice_id, position, kind, quantity, unit_price, amount, tax_rate) VALUES (${line.id}, ${invoiceId}, ${position}, ${line.kind}, ${line.quantity}, ${line.unitPrice}, ${line.amount}, ${line.taxRate})`,
      ),
    issue: async (invoiceId: string, number: string, issuedAt: number, issuerSnapshot: string) =>
      await db.run(sql`UPDATE invoices SET status = 'issued', number = ${number}, issued_at = ${new Date(issuedAt)}, issuer_snapshot = ${issuerSnapshot} WHERE id = ${invoiceId} AND status = 'draft'`),
  };
}
