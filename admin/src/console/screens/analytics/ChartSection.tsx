import { useId, useMemo } from 'react';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { ChartTable } from './ChartTable.tsx';
import { countText } from './figures.ts';
import { CHART_METRICS, type ChartMetric, metricLabel, metricValue } from './chart-metrics.ts';
import type { ReportQuery } from './report-query.ts';
import type { ReportSource } from './report-source.ts';
import { TrendChart } from './TrendChart.tsx';
import { useReport } from './use-report.ts';

type Props = { source: ReportSource; query: ReportQuery; unit: 'day' | 'month'; metric: ChartMetric; onMetric(metric: ChartMetric): void };

/** The time chart of one metric by day or month, with its chooser, a spoken summary and a table of every figure. */
export function ChartSection({ source, query, unit, metric, onMetric }: Props) {
  const { t, lang } = useI18n();
  const ids = useId();
  const chartQuery = { ...query, unit };
  const report = useReport(JSON.stringify([source.key, chartQuery]), (signal) => source.chart(chartQuery, signal));
  const points = report.status === 'done' ? report.data.points : null;
  const periods = useMemo(() => points?.map((point) => point.period) ?? [], [points]);
  const values = useMemo(() => points?.map((point) => metricValue(point, metric)) ?? [], [points, metric]);
  const label = t(metricLabel(metric));
  const summary = useMemo(() => {
    if (values.length === 0 || report.status !== 'done') return '';
    const max = Math.max(...values);
    const min = Math.min(...values);
    const { from, to } = report.data.range;
    return t('an.chartSummary', {
      metric: label,
      from,
      to,
      max: countText(max, lang),
      maxAt: periods[values.indexOf(max)] ?? '',
      min: countText(min, lang),
      minAt: periods[values.indexOf(min)] ?? '',
    });
  }, [values, periods, report, label, lang, t]);
  return (
    <section className="stack" aria-labelledby={`${ids}-title`} aria-busy={report.status === 'loading'}>
      <div className="row spread">
        <h2 id={`${ids}-title`}>{t('an.chart')}</h2>
        <ChoiceField
          label={t('an.metric')}
          value={metric}
          options={CHART_METRICS.map((name) => ({ value: name, label: t(metricLabel(name)) }))}
          onChange={(value) => onMetric(CHART_METRICS.find((name) => name === value) ?? 'users')}
          all={false}
        />
      </div>
      {report.status === 'loading' && <p className="loading">{t('loading')}</p>}
      {report.status === 'refused' && (
        <p className="field-error" role="alert">
          {report.message}
        </p>
      )}
      {points && (
        <figure className="chart-figure" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-summary`}>
          <p id={`${ids}-summary`} className="sr-only">
            {summary}
          </p>
          <TrendChart periods={periods} values={values} label={label} unit={unit} />
          <ChartTable caption={t('an.chartTable', { metric: label })} periods={periods} values={values} format={(value) => countText(value, lang)} />
        </figure>
      )}
    </section>
  );
}
