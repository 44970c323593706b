import type { TapBins } from '../../model/analytics-report.ts';
import type { Db } from '../db/open-database.ts';
import type { ReportSite } from './report-site.ts';
import { rangeView, type ReportRange } from './report-range.ts';
import { type RollupFilter, sumTaps } from './report-sums.ts';

/** A cell's taps per bin of the fixed grid over the 375 × 739 frame, for the tap heat map. */
export async function getTapBins(db: Db, site: ReportSite, cell: string, range: ReportRange, filter: RollupFilter): Promise<TapBins> {
  return { range: rangeView(range), cell, bins: await sumTaps(db, site, cell, range.period, filter) };
}
