import type { LpChart } from '../../../../../model/analytics-report.ts';
import type { AnalyticsKey } from '../../i18n/catalogue-analytics.ts';

/** What the time chart can draw, each named and counted as its KPI card is where there is one. */
export const CHART_METRICS = ['users', 'views', 'conversions', 'ctaClicks', 'popupClicks', 'snsClicks', 'calls', 'registrations', 'bounces'] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

type Point = LpChart['points'][number];

const LABELS: Readonly<Record<ChartMetric, AnalyticsKey>> = {
  users: 'an.kpi.users',
  views: 'an.kpi.swipePv',
  conversions: 'an.kpi.cv',
  ctaClicks: 'an.kpi.ctaClicks',
  popupClicks: 'an.kpi.popupClicks',
  snsClicks: 'an.kpi.snsClicks',
  calls: 'an.kpi.calls',
  registrations: 'an.kpi.registrations',
  bounces: 'an.kpi.bounces',
};

export const metricLabel = (metric: ChartMetric): AnalyticsKey => LABELS[metric];

/** A point's figure for a metric; CTA clicks are the button's and the link areas', as the KPI card counts them (get-lp-summary.ts). */
export function metricValue(point: Point, metric: ChartMetric): number {
  return metric === 'ctaClicks' ? point.ctaClicks + point.linkClicks : point[metric];
}
