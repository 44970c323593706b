import type { ExportQuery } from '../../model/analytics-report.ts';
import type { Db } from '../db/open-database.ts';
import type { ReportSite } from './report-site.ts';
import { COUNT_COLUMNS } from './count-columns.ts';
import { getLpChart } from './get-lp-chart.ts';
import { getPagesReport } from './get-pages-report.ts';
import { getRanking } from './get-ranking.ts';
import type { ReportRange } from './report-range.ts';
import type { RollupFilter } from './report-sums.ts';

/** A byte order mark: Excel reads a CSV without one in the system's code page. */
const BOM = '\uFEFF';
const COUNTS = [...COUNT_COLUMNS.map(([name]) => name), 'conversions' as const];

/** Every value is a number, a date or a position code: nothing to quote or escape. */
function line(cells: readonly (string | number)[]): string {
  return `${cells.join(',')}\r\n`;
}

/** The report's rows as CSV lines, header first; the columns are the JSON answer's field names. */
function reportLines(db: Db, site: ReportSite, range: ReportRange, query: ExportQuery, filter: RollupFilter): Iterable<string> {
  switch (query.report) {
    case 'chart': {
      const chart = getLpChart(db, site, range, query.unit, filter);
      return [line(['period', 'users', ...COUNTS]), ...chart.points.map((point) => line([point.period, point.users, ...COUNTS.map((name) => point[name])]))];
    }
    case 'pages': {
      const pages = getPagesReport(db, site, range, filter);
      const directions = ['left', 'right', 'up', 'down'] as const;
      return [
        line(['cell', ...COUNTS, ...directions.map((d) => `moves.${d}`), ...[...directions, 'leave' as const].map((d) => `exitsBy.${d}`), 'conversionChance']),
        ...pages.cells.map((cell) =>
          line([cell.cell, ...COUNTS.map((name) => cell[name]), ...directions.map((d) => cell.moves[d]), ...[...directions, 'leave' as const].map((d) => cell.exitsBy[d]), cell.conversionChance]),
        ),
      ];
    }
    case 'ranking': {
      const ranking = getRanking(db, site, range, query.by, filter);
      return [line(['rank', 'cell', query.by]), ...ranking.rows.map((row) => line([row.rank, row.cell, row.value]))];
    }
    default:
      return query.report satisfies never;
  }
}

/**
 * A report as a CSV stream. The report is computed first (so a refusal, such as a ranking of a
 * small site, is an error answer and not a broken file), then sent a line at a time as the client reads.
 */
export function exportReportCsv(db: Db, site: ReportSite, range: ReportRange, query: ExportQuery, filter: RollupFilter): ReadableStream<Uint8Array> {
  const lines = [...reportLines(db, site, range, query, filter)];
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (next === 0) controller.enqueue(encoder.encode(BOM));
        // A few hundred lines per chunk: a year of days is two chunks.
        const chunk = lines.slice(next, next + 200).join('');
        next += 200;
        if (chunk) controller.enqueue(encoder.encode(chunk));
        if (next >= lines.length) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
