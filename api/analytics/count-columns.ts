import type { Counts } from '../../model/analytics-report.ts';
import type { ConvertibleEventType } from '../../model/visitor-event-kinds.ts';

/** The counts stored as columns: every count but conversions, which a report sums from the kinds the site counts. */
export type CountName = Exclude<keyof Counts, 'conversions'>;

/** Each stored count and its column in the cell and site rollups, in one order every statement shares. */
export const COUNT_COLUMNS: readonly (readonly [CountName, string])[] = [
  ['views', 'views'],
  ['landings', 'landings'],
  ['exits', 'exits'],
  ['bounces', 'bounces'],
  ['dwellMs', 'dwell_ms'],
  ['dwellCount', 'dwell_count'],
  ['ctaClicks', 'cta_clicks'],
  ['linkClicks', 'link_clicks'],
  ['productItemClicks', 'product_item_clicks'],
  ['productPointClicks', 'product_point_clicks'],
  ['popupClicks', 'popup_clicks'],
  ['snsClicks', 'sns_clicks'],
  ['calls', 'calls'],
  ['campaignClicks', 'campaign_clicks'],
  ['registrations', 'registrations'],
  ['formSubmissions', 'form_submissions'],
  ['contacts', 'contacts'],
];

/** The count each click and conversion event adds one to: the fold counts by it, and a site's conversion setting names counts through it. */
export const COUNT_OF_EVENT: Readonly<Record<ConvertibleEventType, CountName>> = {
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

const COUNT_BY_KIND: ReadonlyMap<string, CountName> = new Map(Object.entries(COUNT_OF_EVENT));

/** The count a raw event's kind adds one to on its cell, if any. */
export function countOfEvent(kind: string): CountName | undefined {
  return COUNT_BY_KIND.get(kind);
}

export const COUNT_INDEX = new Map<CountName, number>(COUNT_COLUMNS.map(([name], i) => [name, i]));

/** Counts from a row of sums in COUNT_COLUMNS order, with conversions summed from `conversionCounts`. */
export function countsFromSums(sums: readonly number[], conversionCounts: readonly CountName[]): Counts {
  const at = (name: CountName) => sums[COUNT_INDEX.get(name) ?? -1] ?? 0;
  return {
    views: at('views'),
    landings: at('landings'),
    exits: at('exits'),
    bounces: at('bounces'),
    dwellMs: at('dwellMs'),
    dwellCount: at('dwellCount'),
    ctaClicks: at('ctaClicks'),
    linkClicks: at('linkClicks'),
    productItemClicks: at('productItemClicks'),
    productPointClicks: at('productPointClicks'),
    popupClicks: at('popupClicks'),
    snsClicks: at('snsClicks'),
    calls: at('calls'),
    campaignClicks: at('campaignClicks'),
    registrations: at('registrations'),
    formSubmissions: at('formSubmissions'),
    contacts: at('contacts'),
    conversions: conversionCounts.reduce((sum, name) => sum + at(name), 0),
  };
}

/** Counts all zero. */
export function zeroCounts(): Counts {
  return countsFromSums([], []);
}
