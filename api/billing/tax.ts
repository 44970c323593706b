import type { TaxByRate } from '../../model/invoice.ts';

/**
 * Consumption tax as Japan's qualified-invoice rules ask: once per rate per invoice, on the sum
 * of that rate's lines, never per line; fractions of a yen rounded down (docs/decisions.md
 * "Billing run"). Rates in ascending order.
 * @example taxByRate([{ amount: 30000, taxRate: 10 }, { amount: 1005, taxRate: 10 }]) // [{ rate: 10, base: 31005, tax: 3100 }]
 */
export function taxByRate(lines: readonly { amount: number; taxRate: number }[]): TaxByRate {
  const bases = new Map<number, number>();
  for (const line of lines) bases.set(line.taxRate, (bases.get(line.taxRate) ?? 0) + line.amount);
  return [...bases.entries()].sort(([a], [b]) => a - b).map(([rate, base]) => ({ rate, base, tax: Math.floor((base * rate) / 100) }));
}
