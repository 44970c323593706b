import { z } from 'zod';
import { cardSetupSchema, cardStateSchema, forceCompleteInputSchema, paymentListQuerySchema, paymentListSchema, paymentStatusSchema, transferPaidInputSchema } from '../payment.ts';
import { contract } from './contract.ts';
import { change, PUBLIC, read } from './policy.ts';

const CSV = {
  kind: 'raw',
  contentType: 'text/csv; charset=utf-8',
  description: 'UTF-8 with a byte order mark, the rows of the payment list for the same filters in the same order; cells starting with = + - @ are prefixed with an apostrophe',
} as const;

/** Spec B §6: force-completion is the platform's; the list and bank transfers are also an OEM master's, for its branch. */
const PLATFORM = ['MASTER', 'MASTER_USER'] as const;
const OPERATORS = ['MASTER', 'MASTER_USER', 'OEM_MASTER'] as const;

const paymentStateSchema = z.object({ status: paymentStatusSchema });

/** Payments (issue 14, spec B §2 payment list, §3 Payment, §4 payment states): cards at the provider, charges, webhooks, transfers, force-completion. */
export const paymentContracts = {
  listPayments: contract({
    method: 'GET',
    path: '/payment',
    origin: 'admin',
    summary: 'The payment list: issued invoices of the caller’s branch with fees, method and payment state, filtered by month and state',
    policy: read('none', { types: OPERATORS }),
    query: paymentListQuerySchema,
    response: paymentListSchema,
  }),
  exportPayments: contract({
    method: 'GET',
    path: '/payment/export-csv',
    origin: 'admin',
    summary: 'The payment list for the same filters, as a CSV file',
    policy: read('none', { types: OPERATORS }),
    query: paymentListQuerySchema,
    response: CSV,
  }),
  receiveWebhook: contract({
    method: 'POST',
    path: '/payment/webhook',
    origin: 'admin',
    summary: 'The card provider’s webhook: the Stripe-Signature over the raw body is checked (400 when forged or older than five minutes), each event applied once (a replay answers duplicate: true)',
    policy: PUBLIC,
    response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  }),
  listBills: contract({
    method: 'GET',
    path: '/user/:id/bill',
    origin: 'admin',
    summary: 'An account’s payment history: its issued invoices, newest month first',
    policy: read('account', { self: true }),
    response: paymentListSchema,
  }),
  chargeBill: contract({
    method: 'POST',
    path: '/user/:id/bill/:invoiceId/charge',
    origin: 'admin',
    summary: 'Charge an issued card invoice with the saved card (again after a failure); processing until the provider confirms',
    policy: change('account', { types: OPERATORS }),
    response: paymentStateSchema,
  }),
  forceCompleteBill: contract({
    method: 'POST',
    path: '/user/:id/bill/:invoiceId/force-complete',
    origin: 'admin',
    summary: 'Force-complete an unpaid or failed payment with a reason (cannot be undone; recorded in the audit log)',
    policy: change('account', { types: PLATFORM }),
    body: forceCompleteInputSchema,
    response: paymentStateSchema,
  }),
  markTransferPaid: contract({
    method: 'POST',
    path: '/user/:id/bill/:invoiceId/transfer-paid',
    origin: 'admin',
    summary: 'Mark an unpaid bank-transfer invoice paid, with the name the transfer came under',
    policy: change('account', { types: OPERATORS }),
    body: transferPaidInputSchema,
    response: paymentStateSchema,
  }),
  getCard: contract({
    method: 'GET',
    path: '/user/:id/card',
    origin: 'admin',
    summary: 'The card on file (brand, last four digits, expiry) and whether card billing is set up',
    policy: read('account', { self: true }),
    response: cardStateSchema,
  }),
  startCardSetup: contract({
    method: 'POST',
    path: '/user/:id/card/setup',
    origin: 'admin',
    summary: 'Start registering or changing the card on the provider’s hosted page; answers where to send the browser',
    policy: change('account', { self: true }),
    response: cardSetupSchema,
  }),
};
