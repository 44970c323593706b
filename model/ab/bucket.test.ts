import { describe, expect, it } from 'vitest';
import { bucketHash, bucketRanges, chooseVariation, equalWeights } from './bucket.ts';
import cases from './growthbook-cases.json' with { type: 'json' };

// GrowthBook's own test vectors (model/ab/growthbook-cases.json names the commit they come from).
describe("GrowthBook's published cases", () => {
  it.each(cases.hash.map((row) => [String(row[0]), String(row[1]), Number(row[2]), row[3] as number | null] as const))('hash(%j, %j, v%i) is %j', (seed, value, version, expected) => {
    expect(bucketHash(seed, value, version)).toBe(expected);
  });

  it.each(cases.getBucketRange.map((row) => [row[0] as string, row[1] as [number, number, number[] | null], row[2] as [number, number][]] as const))('bucket ranges: %s', (_name, args, expected) => {
    const [count, coverage, weights] = args;
    const ranges = bucketRanges(count, coverage, weights ?? undefined);
    expect(ranges).toHaveLength(expected.length);
    ranges.forEach(([start, end], index) => {
      expect(start).toBeCloseTo(expected[index]![0], 6);
      expect(end).toBeCloseTo(expected[index]![1], 6);
    });
  });

  it.each(cases.chooseVariation.map((row) => [row[0] as string, row[1] as number, row[2] as [number, number][], row[3] as number] as const))('choose variation: %s', (_name, n, ranges, expected) => {
    expect(chooseVariation(n, ranges)).toBe(expected);
  });

  it.each(cases.getEqualWeights.map((row) => [row[0] as number, row[1] as number[]] as const))('equal weights of %i', (count, expected) => {
    const weights = equalWeights(count);
    expect(weights).toHaveLength(expected.length);
    weights.forEach((weight, index) => {
      expect(weight).toBeCloseTo(expected[index]!, 8);
    });
  });
});
