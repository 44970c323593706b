import { useId } from 'react';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { campaignItemLabel, numberedByKind } from './campaign-item-label.ts';
import { countText } from './figures.ts';
import type { ReportQuery } from './report-query.ts';
import { useReport } from './use-report.ts';

/** Clicks on each banner and button of the site's campaign over the report's range, with its filters. */
export function CampaignSection({ siteId, query }: { siteId: string; query: ReportQuery }) {
  const { t, lang } = useI18n();
  const ids = useId();
  const report = useReport(JSON.stringify(['campaign', siteId, query]), (signal) => request('GET /analysis/site/:id/campaign', { params: { id: siteId }, query }, { quiet: true, signal }));
  const items = report.status === 'done' ? report.data.items : [];
  const listed = items.reduce((sum, item) => sum + item.clicks, 0);
  const most = Math.max(0, ...items.map((item) => item.clicks));
  return (
    <section className="stack" aria-labelledby={`${ids}-title`} aria-busy={report.status === 'loading'} data-testid="campaign-clicks">
      <h2 id={`${ids}-title`}>{t('cc.title')}</h2>
      {report.status === 'loading' && <p className="loading">{t('loading')}</p>}
      {report.status === 'refused' && (
        <p className="banner" role="status">
          {report.message}
        </p>
      )}
      {report.status === 'done' && (
        <>
          <ul className="kpi-grid">
            <li className="kpi-card">
              <h3>{t('cc.total')}</h3>
              <p className="kpi-value" data-testid="campaign-total">
                {countText(report.data.total, lang)}
              </p>
              {report.data.total > listed && <p className="kpi-change kpi-none">{t('cc.removed', { n: countText(report.data.total - listed, lang) })}</p>}
            </li>
          </ul>
          {report.data.items.length === 0 ? (
            <p className="hint">{t('cc.none')}</p>
          ) : (
            <table className="campaign-clicks">
              <caption className="sr-only">{t('cc.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('cc.item')}</th>
                  <th scope="col">{t('cc.side')}</th>
                  <th scope="col" className="numeric">
                    {t('cc.clicks')}
                  </th>
                  <td aria-hidden="true" />
                </tr>
              </thead>
              <tbody>
                {numberedByKind(report.data.items).map(({ item, number }) => (
                  <tr key={item.id} data-campaign-item={item.id}>
                    <th scope="row">{campaignItemLabel(item, number, t)}</th>
                    <td>{t(item.side === 'left' ? 'cc.left' : 'cc.right')}</td>
                    <td className="numeric">{countText(item.clicks, lang)}</td>
                    {/* The figure says it; the bar lets the eye compare items at a glance. */}
                    <td className="campaign-bar-cell" aria-hidden="true">
                      <span className="campaign-bar" style={{ width: `${most > 0 ? (item.clicks / most) * 100 : 0}%` }} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
