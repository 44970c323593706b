import { describe, expect, it } from 'vitest';
import { addHash, addSketch, addUnion, countSketch, countUnion, emptyUnion, encodeSketch, SPARSE_MAX, visitorHash } from './visitor-sketch.ts';

function sketchOf(ids: readonly string[]): Uint8Array {
  const union = emptyUnion();
  for (const id of ids) addHash(union, visitorHash(id));
  return encodeSketch(union);
}

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `visitor-${from + i}`);

describe('visitor sketches (exact, then HyperLogLog)', () => {
  it('counts exactly while small, across merges of overlapping days', () => {
    const union = emptyUnion();
    addSketch(union, sketchOf(ids(0, 300)));
    addSketch(union, sketchOf(ids(200, 600)));
    expect(countUnion(union)).toBe(600);
    expect(SPARSE_MAX).toBeGreaterThan(600);
  });

  it('estimates large unions within 5 %, merged from stored sketches of either form', () => {
    const union = emptyUnion();
    for (let day = 0; day < 10; day++) addSketch(union, sketchOf(ids(day * 9_000, day * 9_000 + 12_000)));
    const estimate = countUnion(union);
    expect(Math.abs(estimate - 93_000) / 93_000).toBeLessThan(0.05);
    // A merged sketch stored and read back counts the same.
    const again = emptyUnion();
    addSketch(again, encodeSketch(union));
    expect(countUnion(again)).toBe(estimate);
  });

  it('counts one stored sketch in place exactly as a union of it alone, in either form', () => {
    for (const [from, to] of [
      [0, 0],
      [0, 700],
      [0, 5_000],
      [3_000, 60_000],
    ] as const) {
      const sketch = sketchOf(ids(from, to));
      const union = emptyUnion();
      addSketch(union, sketch);
      expect(countSketch(sketch)).toBe(countUnion(union));
    }
  });

  it('merges unions as their sketches would merge: exact into exact, exact into registers, registers into exact', () => {
    const unionOf = (list: readonly string[]) => {
      const union = emptyUnion();
      addSketch(union, sketchOf(list));
      return union;
    };
    const small = emptyUnion();
    addUnion(small, unionOf(ids(0, 300)));
    addUnion(small, unionOf(ids(200, 600)));
    expect(countUnion(small)).toBe(600);
    const big = unionOf(ids(0, 20_000));
    const viaSketches = emptyUnion();
    addSketch(viaSketches, sketchOf(ids(0, 20_000)));
    addSketch(viaSketches, sketchOf(ids(10_000, 12_000)));
    const intoExact = unionOf(ids(10_000, 12_000));
    addUnion(intoExact, big);
    expect(countUnion(intoExact)).toBe(countUnion(viaSketches));
    addUnion(big, unionOf(ids(10_000, 12_000)));
    expect(countUnion(big)).toBe(countUnion(viaSketches));
  });
});
