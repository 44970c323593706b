import type { GridColumn, GridPage } from '../../../model/snapshot.ts';

export type Cell = { column: number; row: number };
export type Direction = 'left' | 'right' | 'up' | 'down';

/** The grid page at a cell, if there is one. */
export function pageAt(grid: GridColumn[], cell: Cell): GridPage | undefined {
  return grid[cell.column]?.pages[cell.row - 1];
}

/** A page a visitor may land on: it has an image (or video) or a members-only lock. */
export function isLandable(page: GridPage | undefined): page is GridPage {
  return page !== undefined && (page.hasImage || page.locked);
}

/**
 * Where a swipe leads, or null when it is blocked (spec §4: a page with no image and no lock
 * cannot be entered). Moving sideways with swipeRedirection lands on the new column's first
 * landable page; without it the row is kept.
 */
export function nextCell(grid: GridColumn[], from: Cell, direction: Direction, swipeRedirection: boolean): Cell | null {
  if (direction === 'up' || direction === 'down') {
    const step = direction === 'down' ? 1 : -1;
    let cell = { column: from.column, row: from.row + step };
    // Unpublished pages are not there for visitors: the swipe goes on to the next page.
    while (pageAt(grid, cell)?.unpublished) cell = { column: cell.column, row: cell.row + step };
    return isLandable(pageAt(grid, cell)) ? cell : null;
  }
  const column = from.column + (direction === 'right' ? 1 : -1);
  const target = grid[column];
  if (!target) return null;
  if (swipeRedirection) {
    const first = target.pages.find(isLandable);
    return first ? { column, row: first.row } : null;
  }
  const cell = { column, row: from.row };
  return isLandable(pageAt(grid, cell)) ? cell : null;
}

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
