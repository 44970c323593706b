import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { paymentStatusSchema, type PaymentStatus } from '../../model/payment.ts';
import type { Db } from '../db/open-database.ts';
import { invoices, paymentCards, payments } from '../db/schema-billing.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { ChargeResult, PaymentProvider } from './payment-provider.ts';

type Claim = { paymentId: string; customerId: string; methodId: string; amount: number };

/**
 * Takes the invoice for one charge attempt, in one transaction: an unpaid or failed card invoice
 * becomes `processing` with a new payment row; a `processing` one whose attempt never got the
 * provider's answer (a crash, a lost connection) is resumed with the same row, hence the same
 * idempotency key, so the provider answers the first attempt again instead of charging twice.
 */
async function claim(db: Db, invoiceId: string, accountId: string): Promise<Claim> {
  return await db.transaction(async (tx) => {
    const invoice = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)))
      .get();
    if (!invoice) throw notFound('invoiceNotFound');
    const card = await tx.select().from(paymentCards).where(eq(paymentCards.accountId, accountId)).get();
    const refused = () => new AppError('conflict', 'paymentNotChargeable', { values: { status: invoice.paymentStatus } });
    if (invoice.status !== 'issued' || invoice.billingMethod !== 'card') throw refused();
    if (!card?.providerMethodId) throw new AppError('conflict', 'noCardOnFile');
    const base = { customerId: card.providerCustomerId, methodId: card.providerMethodId, amount: invoice.total };
    if (invoice.paymentStatus === 'processing') {
      const last = await tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(desc(payments.createdAt)).get();
      if (last && last.providerRef === null && last.status === 'processing') return { ...base, paymentId: last.id };
      throw refused();
    }
    const taken = await tx
      .update(invoices)
      .set({ paymentStatus: 'processing' })
      .where(and(eq(invoices.id, invoiceId), inArray(invoices.paymentStatus, ['unpaid', 'failed'])))
      .run();
    if (taken.changes !== 1) throw refused();
    const paymentId = randomUUID();
    await tx.insert(payments).values({ id: paymentId, invoiceId, method: 'card', status: 'processing', amount: invoice.total }).run();
    return { ...base, paymentId };
  });
}

/**
 * Charges an issued card invoice with the account's saved card, off-session (spec B §4):
 * `processing` until the provider's signed `payment_intent.succeeded` makes it `paid`
 * (webhooks are the one writer of `paid`: a charge may settle later than its answer), `failed`
 * with the decline code at once when the card is declined. Returns the state it left.
 */
export async function chargeInvoice(db: Db, provider: PaymentProvider, invoiceId: string, accountId: string): Promise<PaymentStatus> {
  const attempt = await claim(db, invoiceId, accountId);
  let result: ChargeResult;
  try {
    result = await provider.charge({ ...attempt, invoiceId, idempotencyKey: `charge-${attempt.paymentId}` });
  } catch (error) {
    // No answer: the attempt stays processing without a ref, so charging again resends the same key.
    console.error(`charge of invoice ${invoiceId} got no answer:`, error);
    throw new AppError('unavailable', 'paymentProviderError');
  }
  return await db.transaction(async (tx) => {
    if (result.outcome === 'accepted') {
      await tx.update(payments).set({ providerRef: result.ref, updatedAt: new Date() }).where(eq(payments.id, attempt.paymentId)).run();
    } else {
      await tx
        .update(payments)
        .set({ providerRef: result.ref, status: 'failed', failureCode: result.failureCode, updatedAt: new Date() })
        .where(and(eq(payments.id, attempt.paymentId), eq(payments.status, 'processing')))
        .run();
      await tx
        .update(invoices)
        .set({ paymentStatus: 'failed' })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.paymentStatus, 'processing')))
        .run();
    }
    const now = await tx.select({ paymentStatus: invoices.paymentStatus }).from(invoices).where(eq(invoices.id, invoiceId)).get();
    return paymentStatusSchema.parse(now?.paymentStatus);
  });
}
