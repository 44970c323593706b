import { CHART_METRICS, type ChartMetric } from './chart-metrics.ts';
import { RANKING_METRICS, EXPORT_REPORTS, type ChartUnit, type RankingMetric } from '../../../../../model/analytics-report.ts';

/**
 * The analytics screen's own choices, kept in the address beside the report query (report-query.ts)
 * so a reload shows the same: the section open, the chart's granularity and metric, what the
 * ranking orders by and which report the CSV holds.
 */

/**
 * The sections, each a tab: another is one more name here and one more panel in AnalyticsScreen.tsx.
 */
export const SECTIONS = ['overview', 'pages', 'taps', 'campaign', 'experiment'] as const;
export type Section = (typeof SECTIONS)[number];

const UNITS: readonly ChartUnit[] = ['day', 'month'];
export type ExportReport = (typeof EXPORT_REPORTS)[number];

export type ScreenView = { section: Section; unit: ChartUnit; metric: ChartMetric; by: RankingMetric; report: ExportReport };

function oneOf<T extends string>(options: readonly T[], value: string | null, otherwise: T): T {
  return options.find((option) => option === value) ?? otherwise;
}

export function screenViewOf(search: URLSearchParams): ScreenView {
  return {
    section: oneOf(SECTIONS, search.get('section'), 'overview'),
    unit: oneOf(UNITS, search.get('unit'), 'day'),
    metric: oneOf(CHART_METRICS, search.get('metric'), 'users'),
    by: oneOf(RANKING_METRICS, search.get('by'), 'views'),
    report: oneOf(EXPORT_REPORTS, search.get('report'), 'chart'),
  };
}
