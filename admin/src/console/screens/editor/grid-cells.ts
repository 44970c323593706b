import type { SiteView } from '../../api/types.ts';

type Column = SiteView['creatives'][number];

/** The site's columns left to right, each with its pages top to bottom, as the visitor meets them. */
export function gridCells(site: Pick<SiteView, 'creatives'>): Column[] {
  return [...site.creatives].sort((a, b) => a.columnIndex - b.columnIndex).map((column) => ({ ...column, pages: [...column.pages].sort((a, b) => a.row - b.row) }));
}

/**
 * The page an arrow key moves to from `pageId`, as a visitor's swipe would: left and right to
 * the neighbouring category at the same row (its last page when it is shorter), up and down
 * within the column; undefined at an edge or for any other key.
 * @example neighbourCell(columns, 'a1', 'ArrowRight') // the id of B1
 */
export function neighbourCell(columns: Column[], pageId: string, key: string): string | undefined {
  const x = columns.findIndex((column) => column.pages.some((page) => page.id === pageId));
  const column = columns[x];
  if (!column) return undefined;
  const y = column.pages.findIndex((page) => page.id === pageId);
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!step) return undefined;
  const [dx, dy] = step as [number, number];
  const target = columns[x + dx];
  if (!target) return undefined;
  const row = dx === 0 ? y + dy : Math.min(y, target.pages.length - 1);
  return target.pages[row]?.id;
}
