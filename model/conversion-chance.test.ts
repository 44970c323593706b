import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChainInput, conversionChances } from './conversion-chance.ts';

describe('conversionChances (an absorbing Markov chain over the moves)', () => {
  it('matches a chain solved by hand', () => {
    // A1: 2 conversions, 4 exits, 2 moves to A2, 2 to B1 (out 10). A2: 1 conversion, 1 exit. B1: 1 move back to A1, 1 exit.
    // P(A2) = 1/2; P(B1) = P(A1) / 2; P(A1) = 2/10 + 2/10 · 1/2 + 2/10 · P(A1) / 2  ⇒  P(A1) = 1/3, P(B1) = 1/6.
    const chances = conversionChances({
      cells: ['A1', 'A2', 'B1'],
      conversions: new Map([
        ['A1', 2],
        ['A2', 1],
      ]),
      exits: new Map([
        ['A1', 4],
        ['A2', 1],
        ['B1', 1],
      ]),
      moves: [
        { from: 'A1', to: 'A2', count: 2 },
        { from: 'A1', to: 'B1', count: 2 },
        { from: 'B1', to: 'A1', count: 1 },
      ],
    });
    expect(chances.get('A1')).toBeCloseTo(1 / 3, 12);
    expect(chances.get('A2')).toBeCloseTo(1 / 2, 12);
    expect(chances.get('B1')).toBeCloseTo(1 / 6, 12);
  });

  it('gives 0 to a cell nobody left and to a loop with no way out', () => {
    const chances = conversionChances({
      cells: ['A1', 'A2', 'A3'],
      conversions: new Map(),
      exits: new Map(),
      moves: [
        { from: 'A1', to: 'A2', count: 3 },
        { from: 'A2', to: 'A1', count: 3 },
      ],
    });
    expect([...chances.values()]).toEqual([0, 0, 0]);
  });

  it('satisfies P(c) = conv/out + Σ moves/out · P(d) on random grids, small (solved directly) and large (iterated)', () => {
    const chain = (size: number) =>
      fc
        .tuple(
          fc.array(fc.nat(5), { minLength: size, maxLength: size }),
          fc.array(fc.nat(5), { minLength: size, maxLength: size }),
          fc.array(fc.tuple(fc.nat(size - 1), fc.nat(size - 1), fc.integer({ min: 1, max: 9 })), { maxLength: size * 3 }),
        )
        .map(([conv, exits, links]): ChainInput => {
          const cells = Array.from({ length: size }, (_, i) => `A${i + 1}`);
          return {
            cells,
            conversions: new Map(cells.map((cell, i) => [cell, conv[i]!])),
            exits: new Map(cells.map((cell, i) => [cell, exits[i]! + 1])),
            moves: links.map(([from, to, count]) => ({ from: cells[from]!, to: cells[to]!, count })),
          };
        });
    for (const size of [6, 420]) {
      fc.assert(
        fc.property(chain(size), (input) => {
          const chances = conversionChances(input);
          for (const cell of input.cells) {
            const out = input.moves.filter((m) => m.from === cell);
            const total = out.reduce((sum, m) => sum + m.count, 0) + (input.exits.get(cell) ?? 0) + (input.conversions.get(cell) ?? 0);
            const expected = ((input.conversions.get(cell) ?? 0) + out.reduce((sum, m) => sum + m.count * chances.get(m.to)!, 0)) / total;
            expect(chances.get(cell)).toBeCloseTo(expected, 9);
          }
        }),
        { numRuns: size > 100 ? 5 : 100 },
      );
    }
  });
});
