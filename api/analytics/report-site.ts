import { siteSettingsSchema } from '../../model/site.ts';
import type { SiteRow } from '../sites/find-site.ts';
import { COUNT_OF_EVENT, type CountName } from './count-columns.ts';

/** The site a report is about, with what its settings say reports count. */
export type ReportSite = { id: string; conversionCounts: readonly CountName[] };

/** The site's report settings: which events are its conversions (`settings.analytics.conversionEvents`; default contact, form, registration). */
export function reportSite(site: Pick<SiteRow, 'id' | 'settings'>): ReportSite {
  const { conversionEvents } = siteSettingsSchema.parse(site.settings).analytics;
  return { id: site.id, conversionCounts: conversionEvents.map((type) => COUNT_OF_EVENT[type]) };
}
