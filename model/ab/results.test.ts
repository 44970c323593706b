import { describe, expect, it } from 'vitest';
import { experimentResults, sampleRatioCheck } from './results.ts';

/**
 * Reference figures computed apart from this code: the chance to beat the control as
 * ∫ f_A(x)(1 − I_x(aB, bB)) dx with mpmath at 50 digits (scipy's adaptive quad for 100,000
 * visitors), the uplift interval's ends by scipy's quad of P(pB ≤ r·pA) and brentq at 1e-12, the
 * chi-square p-values by scipy.stats.chisquare.
 */
const REFERENCE = [
  { control: [10, 2], variant: [10, 5], chance: 0.908668730650155, lower: -0.2897118344062667, upper: 7.758856307683507 },
  { control: [1000, 50], variant: [1000, 65], chance: 0.924480378902574, lower: -0.09002056949431148, upper: 0.8570699573653136 },
  { control: [100000, 3000], variant: [100000, 3100], chance: 0.9032442072998447, lower: -0.016494261267113508, upper: 0.0856850827975848 },
  { control: [0, 0], variant: [0, 0], chance: 0.5, lower: -0.94999999999999, upper: 19.000000000080114 },
  { control: [1, 1], variant: [1, 0], chance: 1 / 6, lower: -0.981116276875354, upper: 1.5819888974753429 },
] as const;

describe('Bayesian beta-binomial results', () => {
  it.each(REFERENCE)('match the reference for control $control and variant $variant', ({ control, variant, chance, lower, upper }) => {
    const { arms } = experimentResults(
      [
        { variantId: 'control', visitors: control[0], conversions: control[1] },
        { variantId: 'B', visitors: variant[0], conversions: variant[1] },
      ],
      { control: 0.5, B: 0.5 },
    );
    const result = arms[1]!;
    expect(result.chanceToBeatControl).toBeCloseTo(chance, 9);
    expect(result.uplift!.lower).toBeCloseTo(lower, 6);
    expect(result.uplift!.upper).toBeCloseTo(upper, 5);
    expect(arms[0]!.chanceToBeatControl).toBeNull();
  });

  it('gives each arm its visitors, conversions and conversion rate', () => {
    const { arms } = experimentResults(
      [
        { variantId: 'control', visitors: 400, conversions: 20 },
        { variantId: 'B', visitors: 500, conversions: 40 },
        { variantId: 'C', visitors: 0, conversions: 0 },
      ],
      { control: 0.4, B: 0.4, C: 0.2 },
    );
    expect(arms.map(({ variantId, visitors, conversions, conversionRate }) => [variantId, visitors, conversions, conversionRate])).toEqual([
      ['control', 400, 20, 0.05],
      ['B', 500, 40, 0.08],
      ['C', 0, 0, 0],
    ]);
  });

  it('are symmetric: the chance of B over A and of A over B add up to 1', () => {
    const ab = experimentResults(
      [
        { variantId: 'control', visitors: 300, conversions: 17 },
        { variantId: 'B', visitors: 310, conversions: 25 },
      ],
      {},
    ).arms[1]!.chanceToBeatControl!;
    const ba = experimentResults(
      [
        { variantId: 'control', visitors: 310, conversions: 25 },
        { variantId: 'B', visitors: 300, conversions: 17 },
      ],
      {},
    ).arms[1]!.chanceToBeatControl!;
    expect(ab + ba).toBeCloseTo(1, 12);
  });

  it('refuse counts with more conversions than visitors, and counts without a control', () => {
    expect(() => experimentResults([{ variantId: 'control', visitors: 1, conversions: 2 }], {})).toThrow(RangeError);
    expect(() => experimentResults([{ variantId: 'B', visitors: 1, conversions: 0 }], {})).toThrow(RangeError);
  });
});

describe('sample-ratio mismatch', () => {
  it('is flagged on a forced 60/40 split of a 50/50 experiment', () => {
    const check = experimentResults(
      [
        { variantId: 'control', visitors: 1200, conversions: 60 },
        { variantId: 'B', visitors: 800, conversions: 40 },
      ],
      { control: 0.5, B: 0.5 },
    ).sampleRatio!;
    expect(check.chiSquare).toBeCloseTo(80, 10);
    expect(check.pValue / 3.744097384202887e-19).toBeCloseTo(1, 8);
    expect(check.mismatch).toBe(true);
  });

  it('is not flagged on a split within chance, and uses the weights set', () => {
    expect(sampleRatioCheck([1010, 990], [0.5, 0.5])).toMatchObject({ mismatch: false });
    expect(sampleRatioCheck([1010, 990], [0.5, 0.5])!.pValue).toBeCloseTo(0.6547208460185768, 12);
    expect(sampleRatioCheck([1041, 959], [0.5, 0.5])!.pValue).toBeCloseTo(0.06671699590108446, 12);
    expect(sampleRatioCheck([340, 330, 330], [1, 1, 1])!.pValue).toBeCloseTo(0.9048374180359595, 12);
    // 60/40 is exactly what a 60/40 split should get.
    expect(sampleRatioCheck([1200, 800], [0.6, 0.4])).toMatchObject({ chiSquare: 0, mismatch: false });
  });

  it('has nothing to say without visitors', () => {
    expect(sampleRatioCheck([0, 0], [0.5, 0.5])).toBeNull();
  });
});
