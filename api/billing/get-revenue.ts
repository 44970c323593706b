import { sql } from 'drizzle-orm';
import { addMonths, type BillingMonth } from '../../model/billing-month.ts';
import type { Revenue, RevenueMonth } from '../../model/dashboard.ts';
import type { Db } from '../db/open-database.ts';
import { invoiceLines, invoices } from '../db/schema-billing.ts';
import { plans } from '../db/schema-identity.ts';
import { type DashboardScope, scopeAccounts } from './dashboard-scope.ts';
import { inForce } from './subscriptions-in-force.ts';

/** Invoices that count: issued ones, whatever their payment; a draft is not yet a bill, a void one no longer is. */
const ISSUED = sql`i.status NOT IN ('draft', 'void')`;

type Sums = { invoices: number; subtotal: number; tax: number; revenue: number; mrr: number };

/**
 * B §2 MRR and ARR, and the invoices' totals, per billing month of the caller's own invoices (the
 * platform's, or the OEM master's to its customers), so they add up to the payment list's to the
 * yen: MRR is the sum of the `plan` lines of the month's issued invoices; a month with none
 * issued yet (the current one, before its billing run) shows the subscriptions in force of the
 * accounts the caller bills × their plan's price instead, and says so. ARR is 12 × MRR.
 */
export function getRevenue(db: Db, scope: DashboardScope, range: { from: BillingMonth; to: BillingMonth }): Revenue {
  const totals = db.all<{ period: string; invoices: number; subtotal: number; tax: number; revenue: number }>(sql`
    SELECT i.period AS period, count(*) AS invoices, sum(i.subtotal) AS subtotal, sum(i.tax) AS tax, sum(i.total) AS revenue
    FROM ${invoices} i
    WHERE i.issuer_id = ${scope.issuerId} AND i.period >= ${range.from} AND i.period <= ${range.to} AND ${ISSUED}
    GROUP BY i.period`);
  const planFees = db.all<{ period: string; mrr: number }>(sql`
    SELECT i.period AS period, sum(l.amount) AS mrr
    FROM ${invoices} i JOIN ${invoiceLines} l ON l.invoice_id = i.id
    WHERE i.issuer_id = ${scope.issuerId} AND i.period >= ${range.from} AND i.period <= ${range.to} AND ${ISSUED} AND l.kind = 'plan'
    GROUP BY i.period`);
  const byMonth = new Map<string, Sums>(totals.map((row) => [row.period, { ...row, mrr: 0 }]));
  for (const row of planFees) {
    const sums = byMonth.get(row.period);
    if (sums) sums.mrr = row.mrr;
  }
  const months: RevenueMonth[] = [];
  for (let month = range.from; month <= range.to; month = addMonths(month, 1)) {
    const sums = byMonth.get(month);
    const mrr = sums ? sums.mrr : subscribedMrr(db, scope, month);
    months.push({
      month,
      source: sums ? 'invoices' : 'subscriptions',
      mrr,
      arr: 12 * mrr,
      invoices: sums?.invoices ?? 0,
      subtotal: sums?.subtotal ?? 0,
      tax: sums?.tax ?? 0,
      revenue: sums?.revenue ?? 0,
    });
  }
  return { from: range.from, to: range.to, issuerId: scope.issuerId, months };
}

/** The plan fees the caller would bill for the month: the subscriptions in force of the accounts it bills × their plan's price. */
function subscribedMrr(db: Db, scope: DashboardScope, month: BillingMonth): number {
  const row = db.get<{ mrr: number | null }>(sql`${scopeAccounts(scope)}${inForce(month, sql`s.issuer = ${scope.issuerId}`)}
    SELECT sum(p.price) AS mrr FROM in_force f JOIN ${plans} p ON p.id = f.plan_id`);
  return row?.mrr ?? 0;
}
