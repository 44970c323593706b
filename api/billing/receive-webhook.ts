import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db, Queries } from '../db/open-database.ts';
import { invoices, paymentCards, payments, providerEvents } from '../db/schema-billing.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentProvider, ProviderEvent } from './payment-provider.ts';

/** The payment an event is about: by the provider's ref, or by our id from the charge's metadata. */
async function paymentOf(tx: Queries, ref: string, paymentId: string | null) {
  const match = paymentId ? or(eq(payments.providerRef, ref), eq(payments.id, paymentId)) : eq(payments.providerRef, ref);
  return await tx.select().from(payments).where(match).get();
}

async function apply(tx: Queries, event: ProviderEvent): Promise<void> {
  const now = new Date();
  switch (event.kind) {
    case 'card_saved': {
      const { card } = event;
      await tx
        .update(paymentCards)
        .set({ providerMethodId: event.methodId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, updatedAt: now })
        .where(eq(paymentCards.providerCustomerId, event.customerId))
        .run();
      return;
    }
    case 'payment_succeeded': {
      const payment = await paymentOf(tx, event.ref, event.paymentId);
      if (!payment) return;
      await tx.update(payments).set({ status: 'paid', providerRef: event.ref, failureCode: null, updatedAt: now }).where(eq(payments.id, payment.id)).run();
      // Money received settles the invoice unless the operator already closed it (completed, void).
      await tx
        .update(invoices)
        .set({ paymentStatus: 'paid', paidAt: now })
        .where(and(eq(invoices.id, payment.invoiceId), inArray(invoices.paymentStatus, ['processing', 'unpaid', 'failed'])))
        .run();
      return;
    }
    case 'payment_failed': {
      const payment = await paymentOf(tx, event.ref, event.paymentId);
      if (!payment || payment.status === 'paid') return;
      await tx.update(payments).set({ status: 'failed', providerRef: event.ref, failureCode: event.failureCode, updatedAt: now }).where(eq(payments.id, payment.id)).run();
      await tx
        .update(invoices)
        .set({ paymentStatus: 'failed' })
        .where(and(eq(invoices.id, payment.invoiceId), eq(invoices.paymentStatus, 'processing')))
        .run();
      return;
    }
    case 'ignored':
      return;
    default:
      event satisfies never;
  }
}

/**
 * A provider webhook: the signature over the raw body checked (400 when forged or stale), then
 * the event applied once: its id is recorded in `provider_events` in the same transaction as its
 * effect, so a replay, or the provider's retry of an event already handled, changes nothing.
 */
export async function receiveWebhook(db: Db, provider: PaymentProvider, rawBody: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  const event = await provider.readWebhook(rawBody, signature);
  if (!event) throw new AppError('bad_request', 'webhookSignatureInvalid');
  const duplicate = await db.transaction(async (tx) => {
    const fresh = await tx.insert(providerEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().run();
    if (fresh.changes === 0) return true;
    await apply(tx, event);
    return false;
  });
  return { received: true, duplicate };
}
