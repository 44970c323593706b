import { describe, expect, it } from 'vitest';
import { addMonths, billingMonthOf, billingMonthSchema, monthStartsAt } from './billing-month.ts';

describe('billing months in Japan time', () => {
  it('turns to the next month at midnight in Tokyo, nine hours before UTC does', () => {
    expect(billingMonthOf(Date.parse('2026-11-30T14:59:59Z'))).toBe('2026-11');
    expect(billingMonthOf(Date.parse('2026-11-30T15:00:00Z'))).toBe('2026-12');
  });

  it('adds months across a year end, both ways', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-12', 12)).toBe('2027-12');
  });

  it('starts a month at 00:00 on its 1st, Tokyo time', () => {
    expect(monthStartsAt('2026-12')).toBe(Date.parse('2026-11-30T15:00:00Z'));
  });

  it('accepts only YYYY-MM with a real month', () => {
    expect(billingMonthSchema.safeParse('2026-11').success).toBe(true);
    expect(billingMonthSchema.safeParse('2026-13').success).toBe(false);
    expect(billingMonthSchema.safeParse('2026-1').success).toBe(false);
  });
});
