import { useId } from 'react';
import { EXPORT_REPORTS, type ChartUnit, type RankingMetric } from '../../../../../model/analytics-report.ts';
import { callPath } from '../../../../../model/contracts/contract.ts';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { ReportQuery } from './report-query.ts';
import type { ExportReport } from './screen-view.ts';

type Props = { siteId: string; query: ReportQuery; unit: ChartUnit; by: RankingMetric; report: ExportReport; onReport(report: ExportReport): void };

/**
 * The CSV of a report with the screen's filters: a plain link, so the browser streams the file to
 * disk as the server writes it (B §7 exports) instead of holding it in the page.
 */
export function ExportLink({ siteId, query, unit, by, report, onReport }: Props) {
  const { t } = useI18n();
  const ids = useId();
  const href = callPath('GET /analysis/site/:id/exports', { id: siteId }, { ...query, report, unit, by });
  return (
    <div className="row export-link">
      <div className="field">
        <label htmlFor={`${ids}-report`}>{t('an.exportReport')}</label>
        <select id={`${ids}-report`} value={report} onChange={(event) => onReport(EXPORT_REPORTS.find((name) => name === event.target.value) ?? 'chart')}>
          {EXPORT_REPORTS.map((name) => (
            <option key={name} value={name}>
              {t(`an.report.${name}`)}
            </option>
          ))}
        </select>
      </div>
      <a className="button" href={href} download data-testid="export-link">
        {t('an.export')}
      </a>
    </div>
  );
}
