import { describe, expect, it } from 'vitest';
import { invoiceLines, overageBlocks } from './invoice-lines.ts';
import { taxByRate } from './tax.ts';

describe('tax per rate', () => {
  it('taxes the sum of a rate once, rounding down, not each line', () => {
    // Per line: floor(0.5) + floor(0.5) + floor(0.5) = 0; once on the sum: floor(1.5) = 1.
    expect(taxByRate([5, 5, 5].map((amount) => ({ amount, taxRate: 10 })))).toEqual([{ rate: 10, base: 15, tax: 1 }]);
  });
  it('keeps a base and a tax per rate, rates ascending', () => {
    expect(
      taxByRate([
        { amount: 1_000, taxRate: 10 },
        { amount: 999, taxRate: 8 },
        { amount: 1, taxRate: 10 },
      ]),
    ).toEqual([
      { rate: 8, base: 999, tax: 79 },
      { rate: 10, base: 1_001, tax: 100 },
    ]);
  });
});

describe('invoice lines', () => {
  const plan = { price: 30_000, initialFee: 100_000, licenseFee: 5_000, limitAccess: 30_000, limitAccessPrice: 1_000 };
  it('bills each started block of 1,000 page views over the limit', () => {
    expect([overageBlocks(30_000, 30_000), overageBlocks(30_001, 30_000), overageBlocks(31_000, 30_000), overageBlocks(31_001, 30_000)]).toEqual([0, 1, 1, 2]);
  });
  it('adds the initial fee only in the first month and the license fee only when issued, leaving out lines worth nothing', () => {
    expect(invoiceLines({ plan, firstMonth: false, licenseIssued: false, pageViews: 0 }).map((line) => line.kind)).toEqual(['plan']);
    expect(invoiceLines({ plan, firstMonth: true, licenseIssued: true, pageViews: 30_500 }).map((line) => [line.kind, line.amount])).toEqual([
      ['plan', 30_000],
      ['initial', 100_000],
      ['license', 5_000],
      ['pv_overage', 1_000],
    ]);
  });
});
