import type { Db } from '../db/open-database.ts';

/**
 * The billing run's per-invoice writes as statements prepared once per run: drizzle prepares
 * a new statement for every call, which was most of a 10,000-account run's time (docs/decisions.md
 * "Billing run"). They run on the connection underneath, so inside the run's transactions too.
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

export function prepareBillingStatements(db: Db) {
  const insertDraft = db.$client.prepare(
    `INSERT INTO invoices (id, issuer_id, account_id, period, status, payment_status, billing_method, plan_id, page_views, blocks_used, subtotal, tax, total, tax_by_rate, recipient_snapshot)
     VALUES (@id, @issuerId, @accountId, @period, 'draft', 'unpaid', @billingMethod, @planId, @pageViews, @blocksUsed, @subtotal, @tax, @total, @taxByRate, @recipientSnapshot)`,
  );
  const insertLine = db.$client.prepare('INSERT INTO invoice_lines (id, invoice_id, position, kind, quantity, unit_price, amount, tax_rate) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const issue = db.$client.prepare("UPDATE invoices SET status = 'issued', number = ?, issued_at = ?, issuer_snapshot = ? WHERE id = ? AND status = 'draft'");
  return {
    insertDraft: (row: DraftRow) => insertDraft.run(row),
    insertLine: (invoiceId: string, position: number, line: { id: string; kind: string; quantity: number; unitPrice: number; amount: number; taxRate: number }) =>
      insertLine.run(line.id, invoiceId, position, line.kind, line.quantity, line.unitPrice, line.amount, line.taxRate),
    issue: (invoiceId: string, number: string, issuedAt: number, issuerSnapshot: string) => issue.run(number, issuedAt, issuerSnapshot, invoiceId),
  };
}
