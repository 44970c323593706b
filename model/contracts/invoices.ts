import { z } from 'zod';
import { billingMonthSchema } from '../billing-month.ts';
import { billingRunSchema, invoicePdfLanguageSchema, invoiceViewSchema, issuerInputSchema, issuerSchema } from '../invoice.ts';
import { contract, type Contract } from './contract.ts';
import { change, read } from './policy.ts';

/** Who issues invoices: the platform's operators (for the platform) and OEM masters (for their customers). */
const ISSUERS = { types: ['MASTER', 'MASTER_USER', 'OEM_MASTER'] } as const;

/** Issue 14: issuers' settings, the monthly run's progress, an invoice and its PDF (B §2 "invoice", B §7 bill endpoints with export-pdf). */
export const invoiceContracts = {
  getIssuer: contract({
    method: 'GET',
    path: '/invoice-issuer',
    origin: 'admin',
    summary: "The caller's issuer settings: the platform's for its operators, an OEM master's own; null until given",
    policy: read('none', ISSUERS),
    response: z.object({ issuer: issuerSchema.nullable() }),
  }),
  saveIssuer: contract({
    method: 'PUT',
    path: '/invoice-issuer',
    origin: 'admin',
    summary: 'Set the company name, address and qualified-invoice registration number (T and 13 digits) printed on the invoices the caller issues; issued invoices keep theirs',
    policy: change('none', ISSUERS),
    body: issuerInputSchema,
    response: z.object({ issuer: issuerSchema }),
  }),
  listBillingRuns: contract({
    method: 'GET',
    path: '/billing-run',
    origin: 'admin',
    summary: "The month's billing runs, newest first, with their progress (accounts done of the total)",
    policy: read('none', { types: ['MASTER', 'MASTER_USER'] }),
    query: z.object({ month: billingMonthSchema }),
    response: z.object({ runs: z.array(billingRunSchema) }),
  }),
  getBill: contract({
    method: 'GET',
    path: '/bill/:id',
    origin: 'admin',
    summary: 'One invoice with its lines, tax per rate, issuer and recipient: the billed account, its OEM master and the platform see it',
    policy: read('none'),
    response: z.object({ invoice: invoiceViewSchema }),
  }),
  exportBillPdf: contract({
    method: 'GET',
    path: '/bill/:id/export-pdf',
    origin: 'admin',
    summary: 'The issued invoice as a PDF in Japanese or English (`lang`, Japanese by default), with an embedded subset of Noto Sans JP',
    policy: read('none'),
    query: z.object({ lang: invoicePdfLanguageSchema.optional() }),
    response: { kind: 'raw', contentType: 'application/pdf', description: 'the invoice, as an attachment named after its number' },
  }),
} satisfies Record<string, Contract>;
