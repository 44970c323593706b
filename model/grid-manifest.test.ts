import { describe, expect, it } from 'vitest';
import { gridFromNeighbourhood, neighbourhoodOf, nextCell } from './grid-manifest.ts';
import type { GridColumn } from './snapshot.ts';

/** A grid drawn column by column: 'i' a page with an image, '-' an empty page, 'u' an unpublished page. */
function grid(...columns: string[]): GridColumn[] {
  return columns.map((cells, column) => ({
    id: `c${column}`,
    name: `Column ${column}`,
    pages: [...cells].map((cell, index) => ({
      id: `p${column}-${index + 1}`,
      row: index + 1,
      position: `${String.fromCharCode(65 + column)}${index + 1}`,
      hasImage: cell === 'i',
      locked: false,
      ...(cell === 'u' ? { unpublished: true as const } : {}),
    })),
  }));
}

const ids = (neighbourhood: ReturnType<typeof neighbourhoodOf>) => neighbourhood.cells.map((cell) => cell.id).sort();

describe('a page’s neighbourhood of the grid', () => {
  const g = grid('iiii', '-iii', 'iiii');

  it('holds the page, the pages above and below, and where a sideways swipe lands, and no other page', () => {
    expect(ids(neighbourhoodOf(g, { column: 0, row: 3 }, true))).toEqual(['p0-2', 'p0-3', 'p0-4', 'p1-2']);
    // Without redirection a sideways swipe keeps the row: the page there is known, even one it cannot enter.
    expect(ids(neighbourhoodOf(g, { column: 2, row: 1 }, false))).toEqual(['p1-1', 'p2-1', 'p2-2']);
  });

  it('knows every column by name and length only, so it weighs the same on a taller grid', () => {
    const small = neighbourhoodOf(grid('iii', 'iii'), { column: 0, row: 2 }, true);
    const tall = neighbourhoodOf(grid('i'.repeat(90), 'i'.repeat(90)), { column: 0, row: 2 }, true);
    expect(tall.names).toEqual(['Column 0', 'Column 1']);
    expect(tall.rows).toEqual([90, 90]);
    expect(tall.cells).toHaveLength(small.cells.length);
  });

  it('leads every move from the page where the whole grid leads', () => {
    for (const redirect of [true, false]) {
      for (const [column, row] of [
        [0, 1],
        [1, 2],
        [1, 4],
        [2, 3],
      ] as const) {
        const partial = gridFromNeighbourhood(neighbourhoodOf(g, { column, row }, redirect));
        expect(partial.map((c) => c.pages.length)).toEqual(g.map((c) => c.pages.length));
        for (const direction of ['up', 'down', 'left', 'right'] as const) {
          expect(nextCell(partial, { column, row }, direction, redirect), `${column},${row} ${direction} ${redirect}`).toEqual(nextCell(g, { column, row }, direction, redirect));
        }
      }
    }
  });

  it('leads a vertical move past unpublished pages before the whole grid has arrived, as the whole grid does', () => {
    const withDrafts = grid('iuuiui', 'iiiiii');
    for (const row of [1, 4, 6]) {
      const partial = gridFromNeighbourhood(neighbourhoodOf(withDrafts, { column: 0, row }, true));
      for (const direction of ['up', 'down'] as const) {
        expect(nextCell(partial, { column: 0, row }, direction, true), `${row} ${direction}`).toEqual(nextCell(withDrafts, { column: 0, row }, direction, true));
      }
    }
    expect(nextCell(withDrafts, { column: 0, row: 1 }, 'down', true)).toEqual({ column: 0, row: 4 });
  });
});
