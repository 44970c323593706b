import type { PageCell } from '../../../../../model/analytics-report.ts';

/** A column header of the heat map: the category's letters and its name in the site's language. */
export type HeatColumn = { letters: string; name: string };
/** A square of the grid: the page at that position with its report (null when nobody saw it), or null where the column has no page. */
export type HeatSquare = { position: string; pageId: string; imageUrl: string; report: PageCell | null } | null;

/**
 * The site's categories (columns, left to right) × pages (rows, top down) as the heat map lays
 * them out, each position joined to its line of the pages report. A column shorter than the
 * longest has empty squares below its last page.
 */
/** What of the site view the layout reads (SiteView has it). */
export type GridSite = {
  creatives: readonly { columnIndex: number; letters: string; name: string; pages: readonly { id: string; row: number; position: string; detail: { imageUrl: string } }[] }[];
};

export function heatGrid(site: GridSite, cells: readonly PageCell[]): { columns: HeatColumn[]; rows: HeatSquare[][] } {
  const byCell = new Map(cells.map((cell) => [cell.cell, cell]));
  const creatives = [...site.creatives].sort((a, b) => a.columnIndex - b.columnIndex);
  const depth = Math.max(0, ...creatives.map((creative) => creative.pages.length));
  const rows = Array.from({ length: depth }, (_, index) =>
    creatives.map((creative): HeatSquare => {
      const page = creative.pages.find((candidate) => candidate.row === index + 1);
      return page ? { position: page.position, pageId: page.id, imageUrl: page.detail.imageUrl, report: byCell.get(page.position) ?? null } : null;
    }),
  );
  return { columns: creatives.map((creative) => ({ letters: creative.letters, name: creative.name })), rows };
}
