import { nextCell, type Cell, type Direction } from '../../../model/grid-manifest.ts';
import type { GridColumn } from '../../../model/snapshot.ts';

export { isLandable, nextCell, pageAt, type Cell, type Direction } from '../../../model/grid-manifest.ts';

/**
 * The row a column shows while it is not the current one: where a sideways swipe would land, so
 * the page is already in place when the swipe starts. Columns further away rest on their first row.
 */
export function restingRow(site: { grid: GridColumn[]; swipeRedirection: boolean }, current: Cell, column: number): number {
  if (column === current.column) return current.row;
  const direction: Direction = column > current.column ? 'right' : 'left';
  if (Math.abs(column - current.column) === 1) return nextCell(site.grid, current, direction, site.swipeRedirection)?.row ?? current.row;
  return 1;
}

/** The cells whose pages render fully: the current one and its four neighbours. */
export function isNear(current: Cell, cell: Cell): boolean {
  return Math.abs(current.column - cell.column) + Math.abs(current.row - cell.row) <= 1;
}
