import { useId } from 'react';
import { RANKING_METRICS, type RankingMetric } from '../../../../../model/analytics-report.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { countText, shareText } from './figures.ts';
import type { ReportQuery } from './report-query.ts';
import { useReport } from './use-report.ts';

type Props = { siteId: string; query: ReportQuery; by: RankingMetric; onBy(by: RankingMetric): void };

/** The site's pages ranked by a metric; a site of fewer than 10 pages gets B §9's message (the API's refusal, worded in the console's language). */
export function RankingSection({ siteId, query, by, onBy }: Props) {
  const { t, lang } = useI18n();
  const ids = useId();
  const rankingQuery = { ...query, by };
  const report = useReport(JSON.stringify([siteId, rankingQuery]), (signal) => request('GET /analysis/site/:id/ranking', { params: { id: siteId }, query: rankingQuery }, { quiet: true, signal }));
  const figure = (value: number) => (by === 'conversionChance' ? shareText(value, lang) : by === 'averageDwellMs' ? t('an.seconds', { n: countText(value / 1000, lang) }) : countText(value, lang));
  return (
    <section className="stack" aria-labelledby={`${ids}-title`} aria-busy={report.status === 'loading'} data-testid="ranking">
      <div className="row spread">
        <h2 id={`${ids}-title`}>{t('an.ranking')}</h2>
        <ChoiceField
          label={t('an.rankBy')}
          value={by}
          options={RANKING_METRICS.map((name) => ({ value: name, label: t(`an.by.${name}`) }))}
          onChange={(value) => onBy(RANKING_METRICS.find((name) => name === value) ?? 'views')}
          all={false}
        />
      </div>
      {report.status === 'loading' && <p className="loading">{t('loading')}</p>}
      {report.status === 'refused' && (
        <p className="banner" role="status" data-testid="ranking-refused">
          {report.message}
        </p>
      )}
      {report.status === 'done' && (
        <table>
          <caption className="sr-only">{`${t('an.ranking')} — ${t(`an.by.${by}`)}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t('an.rank')}</th>
              <th scope="col">{t('an.page')}</th>
              <th scope="col">{t(`an.by.${by}`)}</th>
            </tr>
          </thead>
          <tbody>
            {report.data.rows.map((row) => (
              <tr key={row.cell}>
                <td>{row.rank}</td>
                <th scope="row">{row.cell}</th>
                <td>{figure(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
