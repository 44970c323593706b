import type { GridColumn, GridNeighbourhood, GridPage } from './snapshot.ts';

/**
 * A published page carries only its neighbourhood of the grid; the whole grid of a language is
 * one content-hashed JSON file (`_grid/{hash}.json`) shared by every page of that language and
 * fetched by the viewer once it runs. A page's HTML then stays the same size however many pages
 * the site has: what it holds of other pages is the cells one move away, and per column only a
 * name and a row count (bounded by MAX_COLUMNS), so the menu and the counter paint at once.
 */

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

/** The part of the grid the page at `cell` embeds. */
export function neighbourhoodOf(grid: GridColumn[], cell: Cell, swipeRedirection: boolean): GridNeighbourhood {
  // Up and down lead past unpublished pages: those travel with the page, with the page where the
  // move lands, so a move made before the whole grid has arrived skips them as the full grid would.
  const vertical = (step: 1 | -1): Cell[] => {
    const passed: Cell[] = [];
    let at = { ...cell, row: cell.row + step };
    while (pageAt(grid, at)?.unpublished) {
      passed.push(at);
      at = { ...at, row: at.row + step };
    }
    return [...passed, at];
  };
  const around: Cell[] = [cell, ...vertical(-1), ...vertical(1)];
  for (const direction of ['left', 'right'] as const) {
    const column = cell.column + (direction === 'right' ? 1 : -1);
    around.push(nextCell(grid, cell, direction, swipeRedirection) ?? { column, row: cell.row });
  }
  const cells: GridNeighbourhood['cells'] = [];
  const seen = new Set<string>();
  for (const at of around) {
    const page = pageAt(grid, at);
    if (!page || seen.has(page.id)) continue;
    seen.add(page.id);
    cells.push({ ...page, columnIndex: at.column });
  }
  return { names: grid.map((column) => column.name), rows: grid.map((column) => column.pages.length), cells };
}

/**
 * The grid as far as a neighbourhood knows it: every column with its length, only the known
 * pages in place (the others are holes, which navigation treats as pages it cannot enter yet).
 */
export function gridFromNeighbourhood(neighbourhood: GridNeighbourhood): GridColumn[] {
  const grid: GridColumn[] = neighbourhood.names.map((name, index) => {
    const pages: GridPage[] = [];
    pages.length = neighbourhood.rows[index] ?? 0;
    return { id: `column-${index}`, name, pages };
  });
  for (const { columnIndex, ...page } of neighbourhood.cells) {
    const column = grid[columnIndex];
    if (column) column.pages[page.row - 1] = page;
  }
  return grid;
}

/** Where a grid manifest with this content hash lives inside a site's published tree. */
export function gridManifestPath(hash: string): string {
  return `_grid/${hash}.json`;
}
