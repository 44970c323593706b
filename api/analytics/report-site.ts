import type { SiteRow } from '../sites/find-site.ts';
import { type CountName, DEFAULT_CONVERSION_COUNTS } from './count-columns.ts';

/** The site a report is about, with what its settings say reports count. */
export type ReportSite = { id: string; conversionCounts: readonly CountName[] };

/** The site's report settings: which events are its conversions. */
export function reportSite(site: Pick<SiteRow, 'id' | 'settings'>): ReportSite {
  return { id: site.id, conversionCounts: DEFAULT_CONVERSION_COUNTS };
}
