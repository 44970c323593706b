/**
 * GrowthBook-compatible bucketing (their JavaScript SDK's `hash`, `getBucketRanges`,
 * `chooseVariation`, written anew from its source and checked against its published cases), so an
 * assignment made here can be recomputed by anyone holding GrowthBook's SDK, the seed and the
 * visitor's `variationId`: the site host's choice of a variant can be cross-checked.
 */

/** A half-open interval [start, end) of the unit line. */
export type BucketRange = readonly [number, number];

/** 32-bit FNV-1a over UTF-16 code units, as GrowthBook computes it (charCodeAt, not UTF-8 bytes). */
function fnv1a32(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    // Multiplication by the FNV prime 16777619 spelled as shifts, so it stays within 32-bit integers.
    value += (value << 1) + (value << 4) + (value << 7) + (value << 8) + (value << 24);
  }
  return value >>> 0;
}

/**
 * A visitor's place on the unit line: version 2 is GrowthBook's unbiased hash (FNV-1a of
 * FNV-1a, 10,000 buckets), version 1 its original one (kept for the cases). null for any other version.
 * @example bucketHash('seed', 'a', 2) // 0.0505
 */
export function bucketHash(seed: string, value: string, version: number): number | null {
  if (version === 2) return (fnv1a32(`${fnv1a32(seed + value)}`) % 10000) / 10000;
  if (version === 1) return (fnv1a32(value + seed) % 1000) / 1000;
  return null;
}

/** n equal weights summing to 1; none for n ≤ 0. */
export function equalWeights(count: number): number[] {
  return count <= 0 ? [] : new Array<number>(count).fill(1 / count);
}

/**
 * Each variation's range: consecutive slices of the unit line sized by the weights, each cut to
 * `coverage` of its slice (visitors outside every range are not in the experiment). Coverage is
 * clamped to [0, 1]; weights of the wrong length or not summing to 1 (±0.01) fall back to equal.
 */
export function bucketRanges(count: number, coverage = 1, weights?: readonly number[]): BucketRange[] {
  const cover = Math.min(1, Math.max(0, coverage));
  const equal = equalWeights(count);
  let chosen: readonly number[] = weights && weights.length === count ? weights : equal;
  const total = chosen.reduce((sum, weight) => sum + weight, 0);
  if (total < 0.99 || total > 1.01) chosen = equal;
  let cumulative = 0;
  return chosen.map((weight) => {
    const start = cumulative;
    cumulative += weight;
    return [start, start + cover * weight] as const;
  });
}

/** The index of the range holding n, or -1 when none does (outside coverage). */
export function chooseVariation(n: number, ranges: readonly BucketRange[]): number {
  return ranges.findIndex(([start, end]) => n >= start && n < end);
}
