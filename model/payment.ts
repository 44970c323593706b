import { z } from 'zod';
import { billingMonthSchema } from './billing-month.ts';

/** Spec B §4: the states of an invoice's payment. `completed` is the operator's force-completion and is final. */
export const PAYMENT_STATUSES = ['paid', 'unpaid', 'processing', 'void', 'completed', 'failed'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Spec B §1: billing is by card provider or bank transfer. */
export const BILLING_METHODS = ['card', 'bank_transfer'] as const;
export const billingMethodSchema = z.enum(BILLING_METHODS);

/** The states an operator may force-complete from (spec B §4: an unpaid payment; a failed card charge is unpaid money too). */
export const FORCE_COMPLETABLE: readonly PaymentStatus[] = ['unpaid', 'failed'];

/** The payment list's filters: a billing month (Japan time) and a state, both optional. */
export const paymentListQuerySchema = z.object({
  month: billingMonthSchema.optional(),
  status: paymentStatusSchema.optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

/** One row of the payment list (spec B §3 Payment): the invoice's month, figures, method and state, with whom it bills. */
export const paymentRowSchema = z.object({
  invoiceId: z.string(),
  accountId: z.string(),
  companyName: z.string(),
  period: billingMonthSchema,
  number: z.string().nullable(),
  blocksUsed: z.number().int(),
  planFee: z.number().int(),
  pvFee: z.number().int(),
  licenseFee: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  billingMethod: billingMethodSchema,
  status: paymentStatusSchema,
  failureCode: z.string().nullable(),
  transferName: z.string().nullable(),
  paidAt: z.iso.datetime().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

export const paymentListSchema = z.object({ payments: z.array(paymentRowSchema) });

/** Force-completing asks for a reason and the caller's acknowledgement that it cannot be undone. */
export const forceCompleteInputSchema = z.object({
  reason: z.string().trim().min(1, 'requiredFields').max(500),
  confirm: z.literal(true, 'forceCompleteConfirm'),
});

/** A bank transfer seen on the account, marked paid by the operator with the name it arrived under. */
export const transferPaidInputSchema = z.object({ transferName: z.string().trim().min(1, 'requiredFields').max(120) });

/** The card on file, as the provider described it (never its number). */
export const savedCardSchema = z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() });

/** Whether card billing is configured at all (a provider key), and the account's card if any. */
export const cardStateSchema = z.object({ cardBilling: z.boolean(), card: savedCardSchema.nullable() });

/** Where the browser goes to enter a card on the provider's hosted page. */
export const cardSetupSchema = z.object({ url: z.url() });
