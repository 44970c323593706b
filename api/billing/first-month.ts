import type { BillingMonth } from '../../model/billing-month.ts';

/** The month an account's first subscription starts: its contract's start month, else `otherwise` (the current one). */
export function firstMonth(contractStart: string | null | undefined, otherwise: BillingMonth): BillingMonth {
  return contractStart ? contractStart.slice(0, 7) : otherwise;
}
