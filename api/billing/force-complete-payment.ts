import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { FORCE_COMPLETABLE } from '../../model/payment.ts';
import type { Db } from '../db/open-database.ts';
import { auditLog, invoices } from '../db/schema-billing.ts';
import { AppError, notFound } from '../http/errors.ts';

/**
 * Spec B §4: the operator force-completes an unpaid (or failed) payment, with a reason; it cannot
 * be undone. The state change is conditional on the state read and the audit row is written in
 * the same transaction, so parallel requests complete it once and leave one audit row.
 */
export async function forceCompletePayment(db: Db, input: { actorId: string; accountId: string; invoiceId: string; reason: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await tx
      .select({ paymentStatus: invoices.paymentStatus, status: invoices.status })
      .from(invoices)
      .where(and(eq(invoices.id, input.invoiceId), eq(invoices.accountId, input.accountId)))
      .get();
    if (!invoice) throw notFound('invoiceNotFound');
    const refused = () => new AppError('conflict', 'paymentNotForceCompletable', { values: { status: invoice.paymentStatus } });
    if (invoice.status !== 'issued' || !FORCE_COMPLETABLE.some((status) => status === invoice.paymentStatus)) throw refused();
    const done = await tx
      .update(invoices)
      .set({ paymentStatus: 'completed' })
      .where(and(eq(invoices.id, input.invoiceId), inArray(invoices.paymentStatus, [...FORCE_COMPLETABLE])))
      .run();
    if (done.changes !== 1) throw refused();
    await tx
      .insert(auditLog)
      .values({
        id: randomUUID(),
        actorId: input.actorId,
        action: 'payment.force_complete',
        subjectType: 'invoice',
        subjectId: input.invoiceId,
        detail: { reason: input.reason, before: invoice.paymentStatus, after: 'completed' },
      })
      .run();
  });
}
