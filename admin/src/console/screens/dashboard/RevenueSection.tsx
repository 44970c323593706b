import { useId, useMemo } from 'react';
import type { Revenue } from '../../../../../model/dashboard.ts';
import '../../i18n/catalogue-dashboard.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { ChoiceField } from '../analytics/ChoiceField.tsx';
import { countText } from '../analytics/figures.ts';
import { TrendChart } from '../analytics/TrendChart.tsx';
import type { ReportState } from '../analytics/use-report.ts';
import { yenText } from './money.ts';

const METRICS = ['mrr', 'revenue'] as const;
export type RevenueMetric = (typeof METRICS)[number];

type Props = { revenue: ReportState<Revenue>; metric: RevenueMetric; onMetric(metric: RevenueMetric): void };

/**
 * MRR or invoiced revenue by billing month, drawn with the analytics screen's chart; the table
 * below it, visible, gives every month's figures to the yen and where its MRR comes from, so the
 * operator can hold it against the payment list.
 */
export function RevenueSection({ revenue, metric, onMetric }: Props) {
  const { t, lang } = useI18n();
  const ids = useId();
  const months = revenue.status === 'done' ? revenue.data.months : null;
  const periods = useMemo(() => months?.map((month) => `${month.month}-01`) ?? [], [months]);
  // Drawn in ten-thousand yen, as B §9 shows MRR: the axis' labels of whole yen would not fit beside the chart.
  const values = useMemo(() => months?.map((month) => (metric === 'mrr' ? month.mrr : month.revenue) / 10_000) ?? [], [months, metric]);
  const label = t(metric === 'mrr' ? 'db.mrr' : 'db.revenueMan');
  return (
    <section className="stack" aria-labelledby={`${ids}-title`} aria-busy={revenue.status === 'loading'}>
      <div className="row spread">
        <h2 id={`${ids}-title`}>{t('db.revenueTrend')}</h2>
        <ChoiceField
          label={t('db.metric')}
          value={metric}
          all={false}
          options={METRICS.map((value) => ({ value, label: t(value === 'mrr' ? 'db.mrr' : 'db.revenueMan') }))}
          onChange={(value) => onMetric(METRICS.find((name) => name === value) ?? 'mrr')}
        />
      </div>
      {months && (
        <figure className="chart-figure" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-table`} data-testid="revenue-trend">
          <TrendChart periods={periods} values={values} label={label} unit="month" />
          <div className="table-scroll">
            <table id={`${ids}-table`} data-testid="revenue-table">
              <caption>{t('db.revenueTable')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('db.month')}</th>
                  <th scope="col">{t('db.source')}</th>
                  <th scope="col">{t('db.mrrYen')}</th>
                  <th scope="col">{t('db.invoices')}</th>
                  <th scope="col">{t('db.revenueYen')}</th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month.month} data-month={month.month} data-source={month.source}>
                    <th scope="row">{month.month}</th>
                    <td>{t(month.source === 'invoices' ? 'db.fromInvoices' : 'db.fromSubscriptions')}</td>
                    <td>{yenText(month.mrr, lang)}</td>
                    <td>{countText(month.invoices, lang)}</td>
                    <td>{yenText(month.revenue, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
    </section>
  );
}
