import { siteSettingsSchema } from '../../model/site.ts';
import type { ConvertibleEventType } from '../../model/visitor-event-kinds.ts';
import type { SiteRow } from '../sites/find-site.ts';
import type { CountName } from './count-columns.ts';

/** The site a report is about, with what its settings say reports count. */
export type ReportSite = { id: string; conversionCounts: readonly CountName[] };

/** The count each event a site may call a conversion adds to. */
const COUNT_OF_EVENT: Readonly<Record<ConvertibleEventType, CountName>> = {
  contact: 'contacts',
  form_submit: 'formSubmissions',
  registration: 'registrations',
  click_cta_btn: 'ctaClicks',
  click_link_cta: 'linkClicks',
  click_product_point: 'productPointClicks',
  click_product_item: 'productItemClicks',
  click_popup_cta: 'popupClicks',
  click_sns: 'snsClicks',
  click_phone: 'calls',
  click_campaign: 'campaignClicks',
};

/** The site's report settings: which events are its conversions (`settings.analytics.conversionEvents`; default contact, form, registration). */
export function reportSite(site: Pick<SiteRow, 'id' | 'settings'>): ReportSite {
  const { conversionEvents } = siteSettingsSchema.parse(site.settings).analytics;
  return { id: site.id, conversionCounts: conversionEvents.map((type) => COUNT_OF_EVENT[type]) };
}
