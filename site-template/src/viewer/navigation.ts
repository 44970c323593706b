import type { GridColumn, GridPage } from '../../../model/snapshot.ts';

export type Cell = { column: number; row: number };
export type Direction = 'left' | 'right' | 'up' | 'down';

/** The grid page at a cell, if there is one. */
export function pageAt(grid: GridColumn[], cell: Cell): GridPage | undefined {
  return grid[cell.column]?.pages[cell.row - 1];
}

/** A page a visitor may land on: it has an image (or video) or a members-only lock. */
function isLandable(grid: GridColumn[], column: number, row: number): boolean {
  const page = grid[column]?.pages[row - 1];
  return page !== undefined && (page.hasImage || page.locked);
}

/**
 * Where a swipe leads, or null when it is blocked (spec §4: a page with no image and no lock
 * cannot be entered). Moving sideways with swipeRedirection lands on the new column's first
 * landable page; without it the row is kept.
 */
export function nextCell(grid: GridColumn[], from: Cell, direction: Direction, swipeRedirection: boolean): Cell | null {
  if (direction === 'up' || direction === 'down') {
    const row = from.row + (direction === 'down' ? 1 : -1);
    return isLandable(grid, from.column, row) ? { column: from.column, row } : null;
  }
  const column = from.column + (direction === 'right' ? 1 : -1);
  const target = grid[column];
  if (!target) return null;
  if (swipeRedirection) {
    const first = target.pages.find((page) => page.hasImage || page.locked);
    return first ? { column, row: first.row } : null;
  }
  return isLandable(grid, column, from.row) ? { column, row: from.row } : null;
}

/** The cells whose pages render fully: the current one and its four neighbours. */
export function isNear(current: Cell, cell: Cell): boolean {
  return Math.abs(current.column - cell.column) + Math.abs(current.row - cell.row) <= 1;
}
