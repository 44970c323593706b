import { sql, type SQL } from 'drizzle-orm';
import { paymentRowSchema, type PaymentListQuery, type PaymentRow } from '../../model/payment.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { invoiceLines, invoices, payments } from '../db/schema-billing.ts';
import type { Viewer } from '../identity/account-tree.ts';

type Scope = { kind: 'all' } | { kind: 'branch'; rootId: string } | { kind: 'account'; accountId: string };

/** Which invoices a viewer's list shows: the platform every account's; any other the accounts below it (its customers), not its own bills. */
export function listScopeOf(viewer: Viewer): Scope {
  return viewer.scopeRootId === null ? { kind: 'all' } : { kind: 'branch', rootId: viewer.scopeRootId };
}

function scopeCondition(scope: Scope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`1 = 1`;
    case 'account':
      return sql`${invoices.accountId} = ${scope.accountId}`;
    case 'branch':
      return sql`${invoices.accountId} IN (
        WITH RECURSIVE down(id, depth) AS (
          SELECT id, 0 FROM ${accounts} WHERE parent_id = ${scope.rootId}
          UNION ALL SELECT a.id, down.depth + 1 FROM ${accounts} a JOIN down ON a.parent_id = down.id WHERE down.depth < 32
        ) SELECT id FROM down)`;
    default:
      return scope satisfies never;
  }
}

const lineSum = (kind: string) => sql<number>`(SELECT COALESCE(SUM(l.amount), 0) FROM ${invoiceLines} l WHERE l.invoice_id = ${invoices.id} AND l.kind = ${kind})`;

/**
 * The payment list (spec B §2, §3 Payment): issued invoices with their month, fees, method and
 * payment state, newest month first, filtered by month and state. The CSV export reads the same
 * function, so the file holds exactly the rows the screen lists.
 */
export async function listPayments(db: Db, scope: Scope, query: PaymentListQuery): Promise<PaymentRow[]> {
  const filters = [sql`${invoices.status} <> 'draft'`, scopeCondition(scope)];
  if (query.month) filters.push(sql`${invoices.period} = ${query.month}`);
  if (query.status) filters.push(sql`${invoices.paymentStatus} = ${query.status}`);
  const rows = await db.all<Record<string, unknown>>(sql`
    SELECT ${invoices.id} AS "invoiceId", ${invoices.accountId} AS "accountId", ${accounts.companyName} AS "companyName", ${invoices.period} AS period,
      ${invoices.number} AS number, ${invoices.blocksUsed} AS "blocksUsed", ${lineSum('plan')} AS "planFee", ${lineSum('pv_overage')} AS "pvFee",
      ${lineSum('license')} AS "licenseFee", ${invoices.subtotal} AS subtotal, ${invoices.tax} AS tax, ${invoices.total} AS total,
      ${invoices.billingMethod} AS "billingMethod", ${invoices.paymentStatus} AS status, ${invoices.transferName} AS "transferName", ${invoices.paidAt} AS "paidAt",
      (SELECT p.failure_code FROM ${payments} p WHERE p.invoice_id = ${invoices.id} ORDER BY p.created_at DESC, p.id DESC LIMIT 1) AS "failureCode"
    FROM ${invoices} JOIN ${accounts} ON ${accounts.id} = ${invoices.accountId}
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY ${invoices.period} DESC, ${accounts.companyName}, ${invoices.id}`);
  return rows.map((row) => paymentRowSchema.parse({ ...row, paidAt: typeof row.paidAt === 'number' ? new Date(row.paidAt).toISOString() : null }));
}

const CSV_HEADER = [
  'invoiceId',
  'number',
  'period',
  'companyName',
  'blocksUsed',
  'planFee',
  'pvFee',
  'licenseFee',
  'subtotal',
  'tax',
  'total',
  'billingMethod',
  'status',
  'failureCode',
  'transferName',
  'paidAt',
] as const;

/** The CSV rows of the list: the header, then one line per row, in the list's order. */
export function paymentCsvRows(rows: readonly PaymentRow[]): unknown[][] {
  return [[...CSV_HEADER], ...rows.map((row) => CSV_HEADER.map((column) => row[column]))];
}
