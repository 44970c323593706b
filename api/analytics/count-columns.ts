import type { Counts } from '../../model/analytics-report.ts';

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
