import { describe, expect, it } from 'vitest';
import type { PageCell } from '../../../../../model/analytics-report.ts';
import { heatGrid, type GridSite } from './heat-grid.ts';

const page = (letters: string, row: number) => ({ id: `${letters}${row}-id`, row, position: `${letters}${row}`, detail: { imageUrl: `/media/${letters}${row}` } });
const report = (cell: string, views: number) => ({ cell, views }) as PageCell;

describe('the heat map’s layout', () => {
  it('lays categories left to right and pages top down, joins each position to its report, and leaves a short column’s missing pages empty', () => {
    const site: GridSite = {
      creatives: [
        { columnIndex: 1, letters: 'B', name: 'Bags', pages: [page('B', 1)] },
        { columnIndex: 0, letters: 'A', name: 'Shoes', pages: [page('A', 2), page('A', 1)] },
      ],
    };
    const { columns, rows } = heatGrid(site, [report('A2', 7), report('B1', 3), report('C9', 1)]);
    expect(columns).toEqual([
      { letters: 'A', name: 'Shoes' },
      { letters: 'B', name: 'Bags' },
    ]);
    expect(rows.map((row) => row.map((square) => square && [square.position, square.report?.views ?? null]))).toEqual([
      [
        ['A1', null],
        ['B1', 3],
      ],
      [['A2', 7], null],
    ]);
    expect(rows[1]![0]).toMatchObject({ pageId: 'A2-id', imageUrl: '/media/A2' });
  });
});
