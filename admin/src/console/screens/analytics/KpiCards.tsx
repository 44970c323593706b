import { useId } from 'react';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { KpiCard, type KpiName } from './KpiCard.tsx';
import type { LpSummary } from '../../../../../model/analytics-report.ts';
import type { ReportState } from './use-report.ts';

/** B §2's KPIs, in the spec's order. */
const KPIS: readonly KpiName[] = ['users', 'swipePv', 'cv', 'cvRate', 'ctaClicks', 'popupClicks', 'snsClicks', 'calls', 'bounceRate', 'registrations'];

/**
 * The KPI cards of the range and filters, each beside the same number of days just before (the lp
 * report answers both). The report is asked by the screen (a site's, or the account's, whose
 * answer also fills the table of its sites).
 */
export function KpiCards({ report }: { report: ReportState<LpSummary> }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <section className="stack" aria-labelledby={id} aria-busy={report.status === 'loading'} data-testid="kpis">
      <h2 id={id}>{t('an.kpis')}</h2>
      {report.status === 'loading' && <p className="loading">{t('loading')}</p>}
      {report.status === 'refused' && (
        <p className="field-error" role="alert">
          {report.message}
        </p>
      )}
      {report.status === 'done' && (
        <>
          <p className="hint">{t('an.previous', { from: report.data.previous.from, to: report.data.previous.to })}</p>
          <ul className="kpi-grid">
            {KPIS.map((name) => (
              <KpiCard key={name} name={name} kpi={report.data.kpis[name]} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
