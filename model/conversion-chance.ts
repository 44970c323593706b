/**
 * The chance of converting from each cell of a swipe grid, read from what visitors did: every
 * cell is a state; from a cell a visitor moves to another cell, converts, or leaves. Converting
 * and leaving end the walk (absorbing states), so the chance from cell c is
 *
 *   P(c) = conv(c) / out(c) + Σ_d moves(c → d) / out(c) · P(d),   out(c) = Σ moves(c → ·) + exits(c) + conv(c)
 *
 * an absorbing Markov chain's absorption probability into "converted" (Kemeny and Snell). A cell
 * nobody left has no estimate and gets 0.
 */

/** What the chain is made of: per cell its conversions and exits, and the moves between cells. */
export type ChainInput = {
  cells: readonly string[];
  conversions: ReadonlyMap<string, number>;
  exits: ReadonlyMap<string, number>;
  moves: readonly { from: string; to: string; count: number }[];
};

/** Up to this many cells the system is solved exactly by elimination (n³ steps); larger grids are iterated. */
const DIRECT_MAX = 300;

/**
 * Each cell's chance of ending in a conversion.
 * @example conversionChances({ cells: ['A1', 'A2'], conversions: new Map([['A2', 1]]), exits: new Map([['A2', 1]]), moves: [{ from: 'A1', to: 'A2', count: 2 }] }) // Map { A1 → 0.5, A2 → 0.5 }
 */
export function conversionChances(input: ChainInput): Map<string, number> {
  const index = new Map(input.cells.map((cell, i) => [cell, i]));
  const n = input.cells.length;
  const out = new Float64Array(n);
  const reward = new Float64Array(n);
  input.cells.forEach((cell, i) => {
    reward[i] = input.conversions.get(cell) ?? 0;
    out[i] = reward[i]! + (input.exits.get(cell) ?? 0);
  });
  const links: { from: number; to: number; count: number }[] = [];
  for (const move of input.moves) {
    const from = index.get(move.from);
    const to = index.get(move.to);
    if (from === undefined || move.count <= 0) continue;
    out[from] = out[from]! + move.count;
    // A move to a cell outside the grid (a page since removed) counts as leaving.
    if (to !== undefined) links.push({ from, to, count: move.count });
  }
  const solved = n <= DIRECT_MAX ? solveDirect(n, out, reward, links) : solveIterative(n, out, reward, links);
  return new Map(input.cells.map((cell, i) => [cell, Math.min(1, Math.max(0, solved[i]!))]));
}

/** (I − Q) P = R by Gaussian elimination with partial pivoting; a cell with no way out has the row P = 0. */
function solveDirect(n: number, out: Float64Array, reward: Float64Array, links: readonly { from: number; to: number; count: number }[]): Float64Array {
  const a = Array.from({ length: n }, (_, i) => {
    const row = new Float64Array(n + 1);
    row[i] = 1;
    if (out[i]! > 0) row[n] = reward[i]! / out[i]!;
    return row;
  });
  for (const link of links) {
    const row = a[link.from]!;
    row[link.to] = row[link.to]! - link.count / out[link.from]!;
  }
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const top = a[col]!;
    const lead = top[col]!;
    // Singular only for a closed loop with no way out, whose chance is 0.
    if (Math.abs(lead) < 1e-15) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = a[r]!;
      const factor = row[col]! / lead;
      if (factor === 0) continue;
      for (let k = col; k <= n; k++) row[k] = row[k]! - factor * top[k]!;
    }
  }
  return Float64Array.from(a, (row, i) => (Math.abs(row[i]!) < 1e-15 ? 0 : row[n]! / row[i]!));
}

/** Gauss–Seidel sweeps from 0, which rise to the smallest solution: the absorption probabilities. */
function solveIterative(n: number, out: Float64Array, reward: Float64Array, links: readonly { from: number; to: number; count: number }[]): Float64Array {
  const byFrom: { to: number; p: number }[][] = Array.from({ length: n }, () => []);
  for (const link of links) byFrom[link.from]!.push({ to: link.to, p: link.count / out[link.from]! });
  const p = new Float64Array(n);
  for (let sweep = 0; sweep < 100_000; sweep++) {
    let delta = 0;
    for (let i = 0; i < n; i++) {
      if (out[i] === 0) continue;
      let next = reward[i]! / out[i]!;
      for (const link of byFrom[i]!) next += link.p * p[link.to]!;
      delta = Math.max(delta, Math.abs(next - p[i]!));
      p[i] = next;
    }
    if (delta < 1e-13) break;
  }
  return p;
}
