import { z } from 'zod';
import { billingMonthSchema } from './billing-month.ts';

/**
 * Invoices (issue 14, spec B §1, §3 "Payment", §4): who issues them, their lines and how they
 * are shown. Amounts are integer yen excluding tax unless named `total`.
 */

/** The platform's own issuer id; an OEM master issues under its account id. */
export const PLATFORM_ISSUER = 'platform';

/** Japan's qualified-invoice registration number: T and 13 digits. */
export const registrationNumberSchema = z
  .string()
  .trim()
  .regex(/^T\d{13}$/, 'invalidRegistrationNumber');

export const issuerInputSchema = z.object({
  companyName: z.string().trim().min(1, 'requiredFields').max(120, 'textTooLong'),
  address: z.string().trim().min(1, 'requiredFields').max(256, 'textTooLong'),
  registrationNumber: registrationNumberSchema,
});
export type IssuerInput = z.infer<typeof issuerInputSchema>;

/** The issuer's settings; null when it has not given them yet (its invoices then wait as drafts). */
export const issuerSchema = issuerInputSchema.extend({ issuerId: z.string(), nextNumber: z.number().int().min(1) });
export type Issuer = z.infer<typeof issuerSchema>;

export const INVOICE_LINE_KINDS = ['plan', 'initial', 'license', 'pv_overage', 'blocks'] as const;
export const invoiceLineKindSchema = z.enum(INVOICE_LINE_KINDS);
export type InvoiceLineKind = z.infer<typeof invoiceLineKindSchema>;

/** The consumption tax rate of every line today, in percent. */
export const STANDARD_TAX_RATE = 10;

/**
 * Page views over the plan's limit are billed per started block of this many views, at the
 * plan's `limitAccessPrice` a block (docs/decisions.md "Billing run").
 */
export const PV_OVERAGE_UNIT = 1_000;

export const invoiceLineSchema = z.object({
  kind: invoiceLineKindSchema,
  quantity: z.number().int().min(0),
  unitPrice: z.number().int().min(0),
  amount: z.number().int().min(0),
  taxRate: z.number().int().min(0),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const taxByRateSchema = z.array(z.object({ rate: z.number().int(), base: z.number().int(), tax: z.number().int() }));
export type TaxByRate = z.infer<typeof taxByRateSchema>;

export const INVOICE_STATUSES = ['draft', 'issued', 'void'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'processing', 'paid', 'completed', 'failed', 'void'] as const;
export const BILLING_METHODS = ['card', 'bank_transfer'] as const;

export const partySnapshotSchema = z.object({ companyName: z.string(), address: z.string(), registrationNumber: z.string() });
export const recipientSnapshotSchema = z.object({ companyName: z.string(), contactPerson: z.string(), email: z.string() });

export const invoiceViewSchema = z.object({
  id: z.string(),
  issuerId: z.string(),
  accountId: z.string(),
  period: billingMonthSchema,
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  billingMethod: z.enum(BILLING_METHODS),
  planName: z.string().nullable(),
  pageViews: z.number().int(),
  blocksUsed: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  taxByRate: taxByRateSchema,
  issuer: partySnapshotSchema.nullable(),
  recipient: recipientSnapshotSchema.nullable(),
  issuedAt: z.number().int().nullable(),
  lines: z.array(invoiceLineSchema),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

export const BILLING_RUN_STATUSES = ['running', 'finished', 'failed'] as const;
export const billingRunSchema = z.object({
  id: z.string(),
  period: billingMonthSchema,
  status: z.enum(BILLING_RUN_STATUSES),
  accountsTotal: z.number().int(),
  accountsDone: z.number().int(),
  startedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type BillingRun = z.infer<typeof billingRunSchema>;

/** The languages an invoice PDF is printed in. */
export const INVOICE_PDF_LANGUAGES = ['jp', 'en'] as const;
export const invoicePdfLanguageSchema = z.enum(INVOICE_PDF_LANGUAGES);
export type InvoicePdfLanguage = z.infer<typeof invoicePdfLanguageSchema>;
