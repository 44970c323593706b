import type { ExportQuery } from '../../model/analytics-report.ts';
import type { Db } from '../db/open-database.ts';
import { csvStream } from '../http/csv-download.ts';
import type { ReportSite } from './report-site.ts';
import { COUNT_COLUMNS } from './count-columns.ts';
import { getLpChart } from './get-lp-chart.ts';
import { getPagesReport } from './get-pages-report.ts';
import { getRanking } from './get-ranking.ts';
import type { ReportRange } from './report-range.ts';
import type { RollupFilter } from './report-sums.ts';

const COUNTS = [...COUNT_COLUMNS.map(([name]) => name), 'conversions' as const];

type Table = { header: readonly string[]; rows: readonly (readonly (string | number)[])[] };

/** The report as a header and rows; the columns are the JSON answer's field names. */
async function reportTable(db: Db, site: ReportSite, range: ReportRange, query: ExportQuery, filter: RollupFilter): Promise<Table> {
  switch (query.report) {
    case 'chart': {
      const chart = await getLpChart(db, site, range, query.unit, filter);
      return { header: ['period', 'users', ...COUNTS], rows: chart.points.map((point) => [point.period, point.users, ...COUNTS.map((name) => point[name])]) };
    }
    case 'pages': {
      const pages = await getPagesReport(db, site, range, filter);
      const directions = ['left', 'right', 'up', 'down'] as const;
      return {
        header: ['cell', ...COUNTS, ...directions.map((d) => `moves.${d}`), ...[...directions, 'leave' as const].map((d) => `exitsBy.${d}`), 'conversionChance'],
        rows: pages.cells.map((cell) => [
          cell.cell,
          ...COUNTS.map((name) => cell[name]),
          ...directions.map((d) => cell.moves[d]),
          ...[...directions, 'leave' as const].map((d) => cell.exitsBy[d]),
          cell.conversionChance,
        ]),
      };
    }
    case 'ranking': {
      const ranking = await getRanking(db, site, range, query.by, filter);
      return { header: ['rank', 'cell', query.by], rows: ranking.rows.map((row) => [row.rank, row.cell, row.value]) };
    }
    default:
      return query.report satisfies never;
  }
}

/**
 * A report as a CSV stream (csv-download.ts: the BOM, the one escaping rule). The report is
 * computed first, so a refusal, such as a ranking of a small site, is an error answer and not a
 * broken file; then its rows are sent a few hundred at a time as the client reads.
 */
export async function exportReportCsv(db: Db, site: ReportSite, range: ReportRange, query: ExportQuery, filter: RollupFilter): Promise<ReadableStream<Uint8Array>> {
  const table = await reportTable(db, site, range, query, filter);
  const rows = table.rows.map((cells, index) => ({ index, cells }));
  return csvStream<{ index: number; cells: readonly (string | number)[] }>({
    header: table.header,
    page: async (after, limit) => rows.slice(after ? after.index + 1 : 0, (after ? after.index + 1 : 0) + limit),
    cells: (row) => row.cells,
    // A year of days is two pages.
    pageSize: 200,
  });
}
