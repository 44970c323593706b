import { randomUUID } from 'node:crypto';
import type { Db } from '../db/open-database.ts';
import { invoiceLines, invoices } from '../db/schema-billing.ts';

let sequence = 0;

/**
 * An issued invoice written with plain inserts, as the billing run (another branch's) will make
 * them: a plan line and, when given, a PV overage and a licence line, tax 10 % on the whole.
 */
export async function seedInvoice(
  db: Db,
  input: { accountId: string; period: string; billingMethod?: 'card' | 'bank_transfer'; paymentStatus?: string; planFee?: number; pvFee?: number; licenseFee?: number; issuerId?: string },
): Promise<{ id: string; total: number }> {
  const id = randomUUID();
  const lines = [
    { kind: 'plan', amount: input.planFee ?? 30_000 },
    { kind: 'pv_overage', amount: input.pvFee ?? 0 },
    { kind: 'license', amount: input.licenseFee ?? 0 },
  ].filter((line) => line.amount > 0);
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = Math.floor(subtotal / 10);
  await db.transaction(async (tx) => {
    await tx
      .insert(invoices)
      .values({
        id,
        issuerId: input.issuerId ?? 'platform',
        accountId: input.accountId,
        period: input.period,
        number: `T-${++sequence}-${id.slice(0, 6)}`,
        status: 'issued',
        paymentStatus: input.paymentStatus ?? 'unpaid',
        billingMethod: input.billingMethod ?? 'card',
        subtotal,
        tax,
        total: subtotal + tax,
        taxByRate: [{ rate: 10, base: subtotal, tax }],
        issuedAt: new Date(),
      })
      .run();
    for (const [position, line] of lines.entries()) {
      await tx.insert(invoiceLines).values({ id: randomUUID(), invoiceId: id, position, kind: line.kind, quantity: 1, unitPrice: line.amount, amount: line.amount, taxRate: 10 }).run();
    }
  });
  return { id, total: subtotal + tax };
}
