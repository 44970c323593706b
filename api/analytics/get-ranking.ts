import { RANKING_MIN_PAGES, type PageCell, type Ranking, type RankingMetric } from '../../model/analytics-report.ts';
import type { Db } from '../db/open-database.ts';
import type { ReportSite } from './report-site.ts';
import { AppError } from '../http/errors.ts';
import { getPagesReport } from './get-pages-report.ts';
import { countSitePages } from './count-site-pages.ts';
import type { ReportRange } from './report-range.ts';
import type { RollupFilter } from './report-sums.ts';

function metricOf(cell: PageCell, by: RankingMetric): number {
  switch (by) {
    case 'clicks':
      return cell.ctaClicks + cell.linkClicks + cell.productItemClicks + cell.productPointClicks + cell.popupClicks + cell.snsClicks + cell.calls + cell.campaignClicks;
    case 'averageDwellMs':
      return cell.dwellCount === 0 ? 0 : Math.round(cell.dwellMs / cell.dwellCount);
    case 'views':
    case 'landings':
    case 'exits':
    case 'conversions':
    case 'conversionChance':
      return cell[by];
    default:
      return by satisfies never;
  }
}

/**
 * The site's pages ranked by a metric, highest first (ties in grid order). B §9: ranking needs
 * at least 10 pages; a smaller site is refused with that message.
 */
export async function getRanking(db: Db, site: ReportSite, range: ReportRange, by: RankingMetric, filter: RollupFilter): Promise<Ranking> {
  if ((await countSitePages(db, site.id)) < RANKING_MIN_PAGES) throw new AppError('conflict', 'rankingNeedsPages', { values: { min: RANKING_MIN_PAGES } });
  const report = await getPagesReport(db, site, range, filter);
  const scored = report.cells.map((cell) => ({ cell: cell.cell, value: metricOf(cell, by) }));
  // A stable sort keeps grid order among equal values.
  scored.sort((a, b) => b.value - a.value);
  return { range: report.range, by, rows: scored.map((row, i) => ({ rank: i + 1, ...row })) };
}
