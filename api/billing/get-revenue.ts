import { sql } from 'drizzle-orm';
import { addMonths, type BillingMonth } from '../../model/billing-month.ts';
import type { Revenue, RevenueMonth } from '../../model/dashboard.ts';
import type { Db } from '../db/open-database.ts';
import { invoiceLines, invoices } from '../db/schema-billing.ts';
import { plans } from '../db/schema-identity.ts';
import { type DashboardScope, scopeAccounts } from './dashboard-scope.ts';
import { inForce } from './subscriptions-in-force.ts';

type Sums = { invoices: number; subtotal: number; tax: number; revenue: number; mrr: number };

/**
 * B §2 MRR and ARR, and the invoices' totals, per billing month of the caller's own invoices (the
 * platform's, or the OEM master's to its customers), so they add up to the payment list's to the
 * yen: MRR is the sum of the `plan` lines of the month's issued invoices; a month with none
 * issued yet (the current one, before its billing run) shows the subscriptions in force of the
 * accounts the caller bills × their plan's price instead, and says so. ARR is 12 × MRR.
 */
export async function getRevenue(db: Db, scope: DashboardScope, range: { from: BillingMonth; to: BillingMonth }): Promise<Revenue> {
  const invoiced = new Map((await invoicedMonths(db, scope.issuerId, range)).map((row) => [row.period, row]));
  const months: BillingMonth[] = [];
  for (let month = range.from; month <= range.to; month = addMonths(month, 1)) months.push(month);
  const subscribed = await subscribedMrr(
    db,
    scope,
    months.filter((month) => !invoiced.has(month)),
  );
  return {
    from: range.from,
    to: range.to,
    issuerId: scope.issuerId,
    months: months.map((month): RevenueMonth => {
      const sums = invoiced.get(month);
      const mrr = sums ? sums.mrr : (subscribed.get(month) ?? 0);
      return {
        month,
        source: sums ? 'invoices' : 'subscriptions',
        mrr,
        arr: 12 * mrr,
        invoices: sums?.invoices ?? 0,
        subtotal: sums?.subtotal ?? 0,
        tax: sums?.tax ?? 0,
        revenue: sums?.revenue ?? 0,
      };
    }),
  };
}

/**
 * The issuer's issued invoices per month (a draft is not yet a bill, a void one no longer is),
 * with their plan lines summed. One pass over `invoices_dashboard` (a covering index) and a probe
 * of `invoice_lines_plan` (a partial covering index) per invoice: docs/decisions.md.
 */
async function invoicedMonths(db: Db, issuerId: string, range: { from: BillingMonth; to: BillingMonth }): Promise<(Sums & { period: string })[]> {
  return await db.all<Sums & { period: string }>(sql`
    SELECT i.period AS period, count(*) AS invoices, sum(i.subtotal) AS subtotal, sum(i.tax) AS tax, sum(i.total) AS revenue,
      coalesce(sum((SELECT sum(l.amount) FROM ${invoiceLines} l WHERE l.invoice_id = i.id AND l.kind = 'plan')), 0) AS mrr
    FROM ${invoices} i
    WHERE i.issuer_id = ${issuerId} AND i.period >= ${range.from} AND i.period <= ${range.to} AND i.status NOT IN ('draft', 'void')
    GROUP BY i.period`);
}

/** The plan fees the caller would bill for each month: the subscriptions in force of the accounts it bills × their plan's price. */
async function subscribedMrr(db: Db, scope: DashboardScope, months: readonly BillingMonth[]): Promise<Map<string, number>> {
  if (months.length === 0) return new Map();
  const rows = await db.all<{ month: string; mrr: number }>(sql`${scopeAccounts(scope, true)}${inForce(months, sql`s.issuer = ${scope.issuerId}`)}
    SELECT f.month AS month, sum(p.price) AS mrr FROM in_force f JOIN ${plans} p ON p.id = f.plan_id GROUP BY f.month`);
  return new Map(rows.map((row) => [row.month, row.mrr]));
}
