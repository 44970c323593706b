import { PV_OVERAGE_UNIT, STANDARD_TAX_RATE, type InvoiceLine, type InvoiceLineKind } from '../../model/invoice.ts';

/** What a month's invoice is computed from: the plan in force's terms and the account's figures. */
export type ChargeFacts = {
  plan: { price: number; initialFee: number; licenseFee: number; limitAccess: number; limitAccessPrice: number };
  /** The month is the contract's first: the initial fee is due. */
  firstMonth: boolean;
  licenseIssued: boolean;
  pageViews: number;
};

/**
 * The lines of one account's month, in the order printed: plan fee, initial fee, license fee,
 * page-view overage (per started block of PV_OVERAGE_UNIT views over the limit). A line worth
 * nothing is left out. Blocks used are shown on the invoice but have no line: no plan prices them.
 */
export function invoiceLines(facts: ChargeFacts): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  const add = (kind: InvoiceLineKind, quantity: number, unitPrice: number) => {
    const amount = quantity * unitPrice;
    if (amount > 0) lines.push({ kind, quantity, unitPrice, amount, taxRate: STANDARD_TAX_RATE });
  };
  add('plan', 1, facts.plan.price);
  if (facts.firstMonth) add('initial', 1, facts.plan.initialFee);
  if (facts.licenseIssued) add('license', 1, facts.plan.licenseFee);
  add('pv_overage', overageBlocks(facts.pageViews, facts.plan.limitAccess), facts.plan.limitAccessPrice);
  return lines;
}

/** @example overageBlocks(31_001, 30_000) // 2 (1,001 views over: two started blocks of 1,000) */
export function overageBlocks(pageViews: number, limitAccess: number): number {
  return Math.ceil(Math.max(0, pageViews - limitAccess) / PV_OVERAGE_UNIT);
}
