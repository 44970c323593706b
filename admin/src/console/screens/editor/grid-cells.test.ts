import { describe, expect, it } from 'vitest';
import { gridCells, neighbourCell } from './grid-cells.ts';

const page = (id: string, row: number) => ({ id, row }) as never;
const site = {
  creatives: [
    { id: 'b', columnIndex: 1, letters: 'B', name: '', pages: [page('b2', 2), page('b1', 1)] },
    { id: 'a', columnIndex: 0, letters: 'A', name: '', pages: [page('a1', 1), page('a2', 2), page('a3', 3)] },
  ],
};

describe('the grid navigator’s cells', () => {
  const columns = gridCells(site);

  it('orders columns left to right and pages top to bottom', () => {
    expect(columns.map((column) => column.pages.map((p) => p.id))).toEqual([
      ['a1', 'a2', 'a3'],
      ['b1', 'b2'],
    ]);
  });

  it('moves with the arrow keys like a swipe, and stops at the edges', () => {
    expect(neighbourCell(columns, 'a1', 'ArrowRight')).toBe('b1');
    expect(neighbourCell(columns, 'a2', 'ArrowDown')).toBe('a3');
    expect(neighbourCell(columns, 'b2', 'ArrowUp')).toBe('b1');
    expect(neighbourCell(columns, 'b1', 'ArrowLeft')).toBe('a1');
    expect(neighbourCell(columns, 'a1', 'ArrowUp')).toBeUndefined();
    expect(neighbourCell(columns, 'a3', 'ArrowDown')).toBeUndefined();
    expect(neighbourCell(columns, 'b1', 'ArrowRight')).toBeUndefined();
    expect(neighbourCell(columns, 'a1', 'Enter')).toBeUndefined();
  });

  it('lands on the last page of a shorter neighbouring column', () => {
    expect(neighbourCell(columns, 'a3', 'ArrowRight')).toBe('b2');
  });
});
