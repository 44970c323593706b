import { useId, useMemo } from 'react';
import type { RegistrationData, UserSite } from '../../../../../model/dashboard.ts';
import '../../i18n/catalogue-analytics.ts';
import '../../i18n/catalogue-dashboard.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { ChartTable } from '../analytics/ChartTable.tsx';
import { ChoiceField } from '../analytics/ChoiceField.tsx';
import { countText } from '../analytics/figures.ts';
import { TrendChart } from '../analytics/TrendChart.tsx';
import type { ReportState } from '../analytics/use-report.ts';

const METRICS = ['sites', 'companies'] as const;
export type TrendMetric = (typeof METRICS)[number];

type Props = { sites: ReportState<UserSite>; companies: ReportState<RegistrationData>; unit: 'day' | 'month'; metric: TrendMetric; onMetric(metric: TrendMetric): void };

/** Sites created or companies introduced per day or month of the range: the analytics screen's chart, its summary and table of every figure. */
export function TrendSection({ sites, companies, unit, metric, onMetric }: Props) {
  const { t, lang } = useI18n();
  const ids = useId();
  const source = metric === 'sites' ? sites : companies;
  const points = useMemo(() => {
    if (metric === 'sites') return sites.status === 'done' ? sites.data.points.map((point) => ({ period: point.period, value: point.sites })) : null;
    return companies.status === 'done' ? companies.data.points.map((point) => ({ period: point.period, value: point.total })) : null;
  }, [metric, sites, companies]);
  const periods = useMemo(() => points?.map((point) => point.period) ?? [], [points]);
  const values = useMemo(() => points?.map((point) => point.value) ?? [], [points]);
  const label = t(metric === 'sites' ? 'db.sites' : 'db.companies');
  const summary = useMemo(() => {
    if (values.length === 0) return '';
    const max = Math.max(...values);
    const min = Math.min(...values);
    return t('an.chartSummary', {
      metric: label,
      from: periods[0] ?? '',
      to: periods.at(-1) ?? '',
      max: countText(max, lang),
      maxAt: periods[values.indexOf(max)] ?? '',
      min: countText(min, lang),
      minAt: periods[values.indexOf(min)] ?? '',
    });
  }, [values, periods, label, lang, t]);
  return (
    <section className="stack" aria-labelledby={`${ids}-title`} aria-busy={source.status === 'loading'}>
      <div className="row spread">
        <h2 id={`${ids}-title`}>{t('db.trend')}</h2>
        <ChoiceField
          label={t('db.metric')}
          value={metric}
          all={false}
          options={METRICS.map((value) => ({ value, label: t(value === 'sites' ? 'db.sites' : 'db.companies') }))}
          onChange={(value) => onMetric(METRICS.find((name) => name === value) ?? 'sites')}
        />
      </div>
      {points && (
        <figure className="chart-figure" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-summary`} data-testid="summary-trend">
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
