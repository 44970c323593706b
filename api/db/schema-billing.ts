import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts } from './schema.ts';
import { plans } from './schema-identity.ts';
import { currentTime } from './dialect-sql.ts';

/**
 * Tables of plans in time, invoices and payments (spec B §1 commercial terms, §3 Plan and
 * Payment, §4 payment states). Months are `YYYY-MM` in Japan time; amounts are integer yen.
 */

const at = (name: string) => integer(name, { mode: 'timestamp_ms' }).notNull().default(currentTime);

/**
 * Which plan an account is on, month by month: a row per stretch, `endMonth` exclusive and null
 * for the current one. A plan change closes the current row and opens the next on the 1st of a
 * month, so the billing run asks "which row covers month M" and a later change never rewrites
 * a billed month.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    startMonth: text('start_month').notNull(),
    endMonth: text('end_month'),
    createdAt: at('created_at'),
  },
  (table) => [uniqueIndex('subscriptions_account_start').on(table.accountId, table.startMonth), index('subscriptions_plan').on(table.planId)],
);

/**
 * A customer's request to move to another plan (spec B §1: from the 1st of the next month,
 * Japan time). At most one pending request per account; applying it writes `subscriptions`.
 */
export const planChanges = sqliteTable(
  'plan_changes',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fromPlanId: text('from_plan_id').references(() => plans.id),
    toPlanId: text('to_plan_id')
      .notNull()
      .references(() => plans.id),
    /** The month it takes effect: the month after the request, in Japan time. */
    effectiveMonth: text('effective_month').notNull(),
    /** 'pending' | 'applied' | 'cancelled'. */
    status: text('status').notNull(),
    requestedBy: text('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    requestedAt: at('requested_at'),
    appliedAt: integer('applied_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('plan_changes_account').on(table.accountId), uniqueIndex('plan_changes_one_pending').on(table.accountId).where(sql`status = 'pending'`)],
);

/**
 * Who issues invoices: the platform (`issuerId` 'platform') to its direct users and OEM
 * masters, an OEM master (its account id) to its own customers. Each has its qualified-invoice
 * registration number (T + 13 digits) and its own number sequence.
 */
export const invoiceIssuers = sqliteTable('invoice_issuers', {
  issuerId: text('issuer_id').primaryKey(),
  companyName: text('company_name').notNull(),
  address: text('address').notNull(),
  registrationNumber: text('registration_number').notNull(),
  /** The next invoice number of this issuer's sequence; taken and incremented in the transaction that issues. */
  nextNumber: integer('next_number').notNull().default(1),
  updatedAt: at('updated_at'),
});

/**
 * One invoice per account and month (unique), crash-safe: a rerun finds the row and goes on.
 * `status` is the document's flow (draft → issued → void); `paymentStatus` the money's (spec B
 * §4: unpaid, processing, paid, completed, failed, void). Issuer and recipient are copied at
 * issue, so a later change of name or registration number never alters an issued invoice.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    issuerId: text('issuer_id').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    period: text('period').notNull(),
    /** The issuer's sequence number as printed; null while a draft. */
    number: text('number'),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    /** 'card' | 'bank_transfer'. */
    billingMethod: text('billing_method').notNull(),
    planId: text('plan_id').references(() => plans.id),
    /** Figures the lines were computed from, shown on the invoice and the payment list. */
    pageViews: integer('page_views').notNull().default(0),
    blocksUsed: integer('blocks_used').notNull().default(0),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    /** `[{ rate: 10, base: 130000, tax: 13000 }]`: tax computed once per rate per invoice. */
    taxByRate: text('tax_by_rate', { mode: 'json' }).notNull(),
    /** `{ companyName, address, registrationNumber }` as at issue. */
    issuerSnapshot: text('issuer_snapshot', { mode: 'json' }),
    /** `{ companyName, contactPerson, email }` as at issue. */
    recipientSnapshot: text('recipient_snapshot', { mode: 'json' }),
    /** The name a bank transfer arrived under, when marked paid by the operator. */
    transferName: text('transfer_name'),
    createdAt: at('created_at'),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    uniqueIndex('invoices_account_period').on(table.accountId, table.period),
    uniqueIndex('invoices_issuer_number').on(table.issuerId, table.number),
    index('invoices_period_status').on(table.period, table.paymentStatus),
    index('invoices_issuer_period').on(table.issuerId, table.period),
    // The dashboard's revenue reads a month's issued invoices of one issuer from the index alone (docs/decisions.md "The operator's dashboard").
    index('invoices_dashboard').on(table.issuerId, table.period, table.status, table.id, table.subtotal, table.tax, table.total),
  ],
);

export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** 'plan' | 'initial' | 'license' | 'pv_overage' | 'blocks'. */
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    /** quantity × unitPrice, excluding tax. */
    amount: integer('amount').notNull(),
    /** Percent, e.g. 10. */
    taxRate: integer('tax_rate').notNull(),
  },
  (table) => [
    uniqueIndex('invoice_lines_invoice_position').on(table.invoiceId, table.position),
    // MRR sums the plan lines: an invoice's plan fee read from this small index alone.
    index('invoice_lines_plan').on(table.invoiceId, table.amount).where(sql`kind = 'plan'`),
  ],
);

/**
 * Attempts to collect an invoice. A card attempt carries the provider's reference (a payment
 * intent), unique so a replayed webhook finds the same row.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    providerRef: text('provider_ref'),
    /** spec B §4 payment state. */
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    failureCode: text('failure_code'),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (table) => [index('payments_invoice').on(table.invoiceId), uniqueIndex('payments_provider_ref').on(table.providerRef)],
);

/** The card on file per account at the provider (never the card number: the provider holds it). */
export const paymentCards = sqliteTable('payment_cards', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull(),
  providerMethodId: text('provider_method_id'),
  brand: text('brand'),
  last4: text('last4'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  updatedAt: at('updated_at'),
});

/** Provider webhook events already handled: a replay is acknowledged and ignored. */
export const providerEvents = sqliteTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: at('received_at'),
});

/** A billing run per month and its progress, so a killed run is seen and resumed. */
export const billingRuns = sqliteTable(
  'billing_runs',
  {
    id: text('id').primaryKey(),
    period: text('period').notNull(),
    /** 'running' | 'finished' | 'failed'. */
    status: text('status').notNull(),
    accountsTotal: integer('accounts_total').notNull().default(0),
    accountsDone: integer('accounts_done').notNull().default(0),
    startedAt: at('started_at'),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('billing_runs_period').on(table.period)],
);

/** Operator actions that cannot be undone (force-completing a payment, voiding an invoice), with the reason given. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    detail: text('detail', { mode: 'json' }).notNull(),
    at: at('at'),
  },
  (table) => [index('audit_log_subject').on(table.subjectType, table.subjectId)],
);
