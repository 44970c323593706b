import type { Counts, PageCell, PagesReport } from '../../model/analytics-report.ts';
import { EXIT_DIRECTIONS, MOVE_DIRECTIONS } from '../../model/visitor-event-kinds.ts';
import { conversionChances } from '../../model/conversion-chance.ts';
import { parsePosition } from '../../model/position.ts';
import type { Db } from '../db/open-database.ts';
import type { ReportSite } from './report-site.ts';
import { zeroCounts } from './count-columns.ts';
import { rangeView, type ReportRange } from './report-range.ts';
import { type RollupFilter, sumCells, sumEdges } from './report-sums.ts';

type Directions<D extends string> = Record<D, number>;

/** Grid order: column by column, each from its first page down. */
export function byPosition(a: string, b: string): number {
  const pa = parsePosition(a);
  const pb = parsePosition(b);
  if (!pa || !pb) return a < b ? -1 : a > b ? 1 : 0;
  return pa.columnIndex - pb.columnIndex || pa.row - pb.row;
}

function zeroes<D extends string>(names: readonly D[]): Directions<D> {
  return Object.fromEntries(names.map((name) => [name, 0])) as Directions<D>;
}

/**
 * Each cell's counts, its moves out by direction, its exits by direction, and its chance of
 * converting (an absorbing Markov chain over the range's edges: model/conversion-chance.ts).
 */
export async function getPagesReport(db: Db, site: ReportSite, range: ReportRange, filter: RollupFilter): Promise<PagesReport> {
  const counts = await sumCells(db, site, range.period, filter);
  const edges = await sumEdges(db, site, range.period, filter);
  const cells = new Set([...counts.keys()]);
  const moves = new Map<string, Directions<(typeof MOVE_DIRECTIONS)[number]>>();
  const exitsBy = new Map<string, Directions<(typeof EXIT_DIRECTIONS)[number]>>();
  const exits = new Map<string, number>();
  for (const edge of edges) {
    cells.add(edge.from);
    if (edge.to === '') {
      let by = exitsBy.get(edge.from);
      if (!by) {
        by = zeroes(EXIT_DIRECTIONS);
        exitsBy.set(edge.from, by);
      }
      const direction = (EXIT_DIRECTIONS as readonly string[]).includes(edge.direction) ? (edge.direction as keyof typeof by) : 'leave';
      by[direction] += edge.moves;
      exits.set(edge.from, (exits.get(edge.from) ?? 0) + edge.moves);
      continue;
    }
    cells.add(edge.to);
    let by = moves.get(edge.from);
    if (!by) {
      by = zeroes(MOVE_DIRECTIONS);
      moves.set(edge.from, by);
    }
    if ((MOVE_DIRECTIONS as readonly string[]).includes(edge.direction)) by[edge.direction as keyof typeof by] += edge.moves;
  }
  const ordered = [...cells].sort(byPosition);
  const chances = conversionChances({
    cells: ordered,
    conversions: new Map(ordered.map((cell) => [cell, counts.get(cell)?.conversions ?? 0])),
    exits,
    moves: edges.filter((edge) => edge.to !== '').map((edge) => ({ from: edge.from, to: edge.to, count: edge.moves })),
  });
  const rows: PageCell[] = ordered.map((cell) => ({
    cell,
    ...(counts.get(cell) ?? (zeroCounts() satisfies Counts)),
    moves: moves.get(cell) ?? zeroes(MOVE_DIRECTIONS),
    exitsBy: exitsBy.get(cell) ?? zeroes(EXIT_DIRECTIONS),
    conversionChance: chances.get(cell) ?? 0,
  }));
  return {
    range: rangeView(range),
    cells: rows,
    edges: edges.filter((edge) => edge.to !== '').sort((a, b) => byPosition(a.from, b.from) || byPosition(a.to, b.to)),
  };
}
