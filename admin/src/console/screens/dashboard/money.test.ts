import { describe, expect, it } from 'vitest';
import { inHundredMillionYen, inTenThousandYen, yenText } from './money.ts';

describe('the dashboard’s units (B §9)', () => {
  it('writes MRR in ten-thousand yen, one decimal at most', () => {
    expect(inTenThousandYen(480_000, 'en')).toBe('48');
    expect(inTenThousandYen(1_234_567, 'jp')).toBe('123.5');
    expect(inTenThousandYen(5_000, 'en')).toBe('0.5');
    expect(inTenThousandYen(123_450_000, 'en')).toBe('12,345');
  });

  it('writes ARR in hundred-million yen with two decimals, so a small ARR does not read as nothing', () => {
    expect(inHundredMillionYen(12 * 480_000, 'en')).toBe('0.06');
    expect(inHundredMillionYen(1_250_000_000, 'kr')).toBe('12.50');
    expect(inHundredMillionYen(0, 'cn')).toBe('0.00');
  });

  it('writes an exact amount in yen', () => {
    expect(yenText(480_000, 'en')).toBe('¥480,000');
    expect(yenText(480_000, 'jp')).toMatch(/^[￥¥]480,000$/);
  });
});
