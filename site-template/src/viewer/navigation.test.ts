import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../../model/snapshot.ts';
import { isNear, nextCell, pageAt, restingRow } from './navigation.ts';

/**
 * A grid drawn column by column: 'i' a page with an image, 'l' a members-only page without
 * one, '-' an empty page, 'u' an unpublished page.
 */
function grid(...columns: string[]): GridColumn[] {
  return columns.map((cells, column) => ({
    id: `c${column}`,
    name: `Column ${column}`,
    pages: [...cells].map((cell, index) => ({
      id: `p${column}-${index + 1}`,
      row: index + 1,
      position: `${String.fromCharCode(65 + column)}${index + 1}`,
      hasImage: cell === 'i',
      locked: cell === 'l',
      ...(cell === 'u' ? { unpublished: true as const } : {}),
    })),
  }));
}

describe('nextCell up and down', () => {
  const g = grid('iil-i', 'iiii');

  it('moves to the next or previous page of the column', () => {
    expect(nextCell(g, { column: 0, row: 1 }, 'down', true)).toEqual({ column: 0, row: 2 });
    expect(nextCell(g, { column: 0, row: 2 }, 'up', true)).toEqual({ column: 0, row: 1 });
  });

  it('enters a members-only page that has no image', () => {
    expect(nextCell(g, { column: 0, row: 2 }, 'down', false)).toEqual({ column: 0, row: 3 });
  });

  it('is blocked by a page with neither image nor lock, without skipping over it', () => {
    expect(nextCell(g, { column: 0, row: 3 }, 'down', true)).toBeNull();
    expect(nextCell(g, { column: 0, row: 5 }, 'up', true)).toBeNull();
  });

  it('passes over unpublished pages to the next page, and is blocked when none follows', () => {
    const withDrafts = grid('iuuil-', 'iu');
    expect(nextCell(withDrafts, { column: 0, row: 1 }, 'down', true)).toEqual({ column: 0, row: 4 });
    expect(nextCell(withDrafts, { column: 0, row: 4 }, 'up', true)).toEqual({ column: 0, row: 1 });
    expect(nextCell(withDrafts, { column: 1, row: 1 }, 'down', true)).toBeNull();
    expect(nextCell(withDrafts, { column: 0, row: 2 }, 'right', false)).toBeNull();
  });

  it('stops at the first and last rows', () => {
    expect(nextCell(g, { column: 1, row: 1 }, 'up', true)).toBeNull();
    expect(nextCell(g, { column: 1, row: 4 }, 'down', true)).toBeNull();
  });
});

describe('nextCell sideways with swipeRedirection on', () => {
  const g = grid('iiii', '--ii', '-l--', '----');

  it('lands on the first page of the next column that has an image or a lock, from any row', () => {
    expect(nextCell(g, { column: 0, row: 1 }, 'right', true)).toEqual({ column: 1, row: 3 });
    expect(nextCell(g, { column: 0, row: 4 }, 'right', true)).toEqual({ column: 1, row: 3 });
    expect(nextCell(g, { column: 1, row: 4 }, 'right', true)).toEqual({ column: 2, row: 2 });
    expect(nextCell(g, { column: 1, row: 4 }, 'left', true)).toEqual({ column: 0, row: 1 });
  });

  it('is blocked when the next column has no page to land on', () => {
    expect(nextCell(g, { column: 2, row: 2 }, 'right', true)).toBeNull();
  });
});

describe('nextCell sideways with swipeRedirection off', () => {
  const g = grid('iiii', '-iil', 'ii');

  it('keeps the row', () => {
    expect(nextCell(g, { column: 0, row: 3 }, 'right', false)).toEqual({ column: 1, row: 3 });
    expect(nextCell(g, { column: 0, row: 4 }, 'right', false)).toEqual({ column: 1, row: 4 });
    expect(nextCell(g, { column: 1, row: 2 }, 'left', false)).toEqual({ column: 0, row: 2 });
  });

  it('is blocked when that row of the next column cannot be entered or does not exist', () => {
    expect(nextCell(g, { column: 0, row: 1 }, 'right', false)).toBeNull();
    expect(nextCell(g, { column: 1, row: 3 }, 'right', false)).toBeNull();
  });
});

describe('nextCell at the edges of the grid', () => {
  const g = grid('ii', 'ii');

  it('goes no further left than the first column nor right of the last', () => {
    for (const redirect of [true, false]) {
      expect(nextCell(g, { column: 0, row: 1 }, 'left', redirect)).toBeNull();
      expect(nextCell(g, { column: 1, row: 2 }, 'right', redirect)).toBeNull();
    }
  });

  it('handles a grid of one page', () => {
    const single = grid('i');
    for (const direction of ['up', 'down', 'left', 'right'] as const) {
      expect(nextCell(single, { column: 0, row: 1 }, direction, true)).toBeNull();
    }
  });
});

describe('isNear', () => {
  const here = { column: 2, row: 3 };

  it('holds for the cell itself and its four neighbours', () => {
    for (const cell of [here, { column: 1, row: 3 }, { column: 3, row: 3 }, { column: 2, row: 2 }, { column: 2, row: 4 }]) {
      expect(isNear(here, cell), JSON.stringify(cell)).toBe(true);
    }
  });

  it('does not hold for diagonals or cells two steps away', () => {
    for (const cell of [
      { column: 1, row: 2 },
      { column: 3, row: 4 },
      { column: 0, row: 3 },
      { column: 2, row: 5 },
      { column: 2, row: 1 },
    ]) {
      expect(isNear(here, cell), JSON.stringify(cell)).toBe(false);
    }
  });
});

describe('pageAt', () => {
  const g = grid('ii', 'i');

  it('finds the page of a cell, rows counted from 1', () => {
    expect(pageAt(g, { column: 1, row: 1 })?.position).toBe('B1');
  });

  it('is undefined outside the grid', () => {
    for (const cell of [
      { column: 1, row: 2 },
      { column: 2, row: 1 },
      { column: -1, row: 1 },
      { column: 0, row: 0 },
    ]) {
      expect(pageAt(g, cell), JSON.stringify(cell)).toBeUndefined();
    }
  });
});

describe('restingRow', () => {
  const g = grid('iiii', '--ii', 'iiii', 'iiii');

  it('is the current row in the current column', () => {
    expect(restingRow({ grid: g, swipeRedirection: true }, { column: 0, row: 3 }, 0)).toBe(3);
  });

  it('is where a sideways swipe would land in the next columns, else the current row', () => {
    expect(restingRow({ grid: g, swipeRedirection: true }, { column: 0, row: 1 }, 1)).toBe(3);
    expect(restingRow({ grid: g, swipeRedirection: false }, { column: 0, row: 4 }, 1)).toBe(4);
    expect(restingRow({ grid: g, swipeRedirection: false }, { column: 0, row: 1 }, 1)).toBe(1);
    expect(restingRow({ grid: g, swipeRedirection: true }, { column: 2, row: 2 }, 1)).toBe(3);
  });

  it('is the first row in columns further away', () => {
    expect(restingRow({ grid: g, swipeRedirection: false }, { column: 0, row: 4 }, 2)).toBe(1);
    expect(restingRow({ grid: g, swipeRedirection: false }, { column: 3, row: 4 }, 0)).toBe(1);
  });
});
