import { and, eq } from 'drizzle-orm';
import type { BillingMonth } from '../../model/billing-month.ts';
import type { Db } from '../db/open-database.ts';
import { invoices } from '../db/schema-billing.ts';
import { chargeInvoice } from './charge-invoice.ts';
import type { PaymentProvider } from './payment-provider.ts';

export type PeriodCharges = { charged: number; failed: number };

/**
 * Collects a billed month: every issued card invoice still unpaid is charged once, one after
 * another (the provider's rate limits; a month is thousands, not millions). A failed one stays
 * `failed` for the operator, who may charge it again or force-complete it: this never retries a
 * decline by itself. chargeInvoice's claim makes a second call for the same month charge nothing.
 */
export async function chargeBilledMonth(db: Db, provider: PaymentProvider, period: BillingMonth, log?: (line: string) => void): Promise<PeriodCharges> {
  const due = await db
    .select({ id: invoices.id, accountId: invoices.accountId })
    .from(invoices)
    .where(and(eq(invoices.period, period), eq(invoices.status, 'issued'), eq(invoices.billingMethod, 'card'), eq(invoices.paymentStatus, 'unpaid')))
    .all();
  const result: PeriodCharges = { charged: 0, failed: 0 };
  for (const invoice of due) {
    try {
      const status = await chargeInvoice(db, provider, invoice.id, invoice.accountId);
      if (status === 'failed') result.failed += 1;
      else result.charged += 1;
    } catch (error) {
      result.failed += 1;
      log?.(`Charging invoice ${invoice.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return result;
}
