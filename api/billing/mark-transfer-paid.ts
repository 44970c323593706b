import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { auditLog, invoices, payments } from '../db/schema-billing.ts';
import { AppError, notFound } from '../http/errors.ts';

/**
 * A bank transfer arrived: the operator marks the unpaid transfer invoice paid with the name the
 * money came under (spec B §1: billing by card provider or bank transfer). Conditional on
 * `unpaid`, so two operators marking it at once record one payment.
 */
export async function markTransferPaid(db: Db, input: { actorId: string; accountId: string; invoiceId: string; transferName: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, input.invoiceId), eq(invoices.accountId, input.accountId)))
      .get();
    if (!invoice) throw notFound('invoiceNotFound');
    const refused = () => new AppError('conflict', 'paymentNotMarkable', { values: { status: invoice.paymentStatus } });
    if (invoice.status !== 'issued' || invoice.billingMethod !== 'bank_transfer') throw refused();
    const now = new Date();
    const done = await tx
      .update(invoices)
      .set({ paymentStatus: 'paid', transferName: input.transferName, paidAt: now })
      .where(and(eq(invoices.id, input.invoiceId), eq(invoices.paymentStatus, 'unpaid')))
      .run();
    if (done.changes !== 1) throw refused();
    await tx.insert(payments).values({ id: randomUUID(), invoiceId: input.invoiceId, method: 'bank_transfer', status: 'paid', amount: invoice.total }).run();
    await tx
      .insert(auditLog)
      .values({
        id: randomUUID(),
        actorId: input.actorId,
        action: 'payment.transfer_paid',
        subjectType: 'invoice',
        subjectId: input.invoiceId,
        detail: { transferName: input.transferName, before: 'unpaid', after: 'paid' },
      })
      .run();
  });
}
