import { ChartSection } from './ChartSection.tsx';
import type { ChartMetric } from './chart-metrics.ts';
import { KpiCards } from './KpiCards.tsx';
import type { ReportQuery } from './report-query.ts';
import type { ReportSource } from './report-source.ts';
import { useReport } from './use-report.ts';

type Props = { source: ReportSource; query: ReportQuery; unit: 'day' | 'month'; metric: ChartMetric; onMetric(metric: ChartMetric): void };

/** The overview of a report source: its KPI cards and time chart. */
export function Overview({ source, query, unit, metric, onMetric }: Props) {
  const summary = useReport(JSON.stringify([source.key, query]), (signal) => source.summary(query, signal));
  return (
    <>
      <KpiCards report={summary} />
      <ChartSection source={source} query={query} unit={unit} metric={metric} onMetric={onMetric} />
    </>
  );
}
