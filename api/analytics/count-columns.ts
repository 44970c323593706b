import type { Counts } from '../../model/analytics-report.ts';

export type CountName = keyof Counts;

/** Each additive count and its column in the cell and site rollups, in one order every statement shares. */
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
  ['conversions', 'conversions'],
];

export const COUNT_INDEX: Readonly<Record<CountName, number>> = Object.fromEntries(COUNT_COLUMNS.map(([name], i) => [name, i])) as Record<CountName, number>;

/** Counts all zero. */
export function zeroCounts(): Counts {
  return Object.fromEntries(COUNT_COLUMNS.map(([name]) => [name, 0])) as Counts;
}

/** Counts from a row of sums in COUNT_COLUMNS order. */
export function countsFromSums(sums: readonly number[]): Counts {
  return Object.fromEntries(COUNT_COLUMNS.map(([name], i) => [name, sums[i] ?? 0])) as Counts;
}
