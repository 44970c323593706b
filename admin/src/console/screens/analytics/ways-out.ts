import type { PageCell } from '../../../../../model/analytics-report.ts';

/**
 * A cell's ways out, the swipe grid's 2-D funnel: moves to the next cell by direction, exits by
 * the direction of a swipe that tried to leave the grid, and leaving (closing, navigating away).
 * Shares are of all the ways out, so they add up to 1.
 */

export const ARROW_DIRECTIONS = ['left', 'right', 'up', 'down'] as const;
export type ArrowDirection = (typeof ARROW_DIRECTIONS)[number];
export type WayOut = { direction: ArrowDirection | 'leave'; kind: 'move' | 'exit'; count: number; share: number };

/** Every way out of a cell with its count and share, moves first then exits, directions in a fixed order; all zero for a cell nobody left. */
export function waysOut(cell: Pick<PageCell, 'moves' | 'exitsBy'> | null): { total: number; ways: WayOut[] } {
  const counted: Omit<WayOut, 'share'>[] = [
    ...ARROW_DIRECTIONS.map((direction) => ({ direction, kind: 'move' as const, count: cell?.moves[direction] ?? 0 })),
    ...ARROW_DIRECTIONS.map((direction) => ({ direction, kind: 'exit' as const, count: cell?.exitsBy[direction] ?? 0 })),
    { direction: 'leave' as const, kind: 'exit' as const, count: cell?.exitsBy.leave ?? 0 },
  ];
  const total = counted.reduce((sum, way) => sum + way.count, 0);
  return { total, ways: counted.map((way) => ({ ...way, share: total > 0 ? way.count / total : 0 })) };
}

/** The box arrows are drawn in (a square cell). */
export const ARROW_BOX = 100;
const MIN_WIDTH = 1.5;
const MAX_WIDTH = 9;

/**
 * An arrow's stroke by its share: none for no one, then from a hairline that stays visible up to
 * MAX_WIDTH for everyone, in proportion.
 * @example arrowWidth(0.5) // 5.25
 */
export function arrowWidth(share: number): number {
  if (!(share > 0)) return 0;
  return MIN_WIDTH + Math.min(1, share) * (MAX_WIDTH - MIN_WIDTH);
}

type Point = { x: number; y: number };
const UNIT: Readonly<Record<ArrowDirection, Point>> = { left: { x: -1, y: 0 }, right: { x: 1, y: 0 }, up: { x: 0, y: -1 }, down: { x: 0, y: 1 } };

/**
 * Where an arrow goes in the cell's box: from beside the printed value to the edge it points at;
 * an exit sits beside a move of the same direction (`shifted`) so both stay visible, and ends at
 * the very edge, as leaving the grid.
 */
export function arrowShape(direction: ArrowDirection, kind: 'move' | 'exit', width: number, shifted: boolean): { from: Point; to: Point; head: Point[] } {
  const unit = UNIT[direction];
  const centre = ARROW_BOX / 2;
  const side = { x: -unit.y, y: unit.x };
  const offset = shifted ? 12 : 0;
  const start = 26;
  const end = kind === 'exit' ? 49 : 44;
  const along = (distance: number, across = offset): Point => ({ x: centre + unit.x * distance + side.x * across, y: centre + unit.y * distance + side.y * across });
  const size = 2 + width * 0.8;
  const tip = along(end);
  const base = end - size;
  return { from: along(start), to: along(base), head: [tip, along(base, offset + size * 0.75), along(base, offset - size * 0.75)] };
}
