import type { Answer } from '../../api/request.ts';
import { useI18n, useMessages } from '../../i18n/i18n.tsx';

export type ExperimentResultsView = Answer<'GET /site/:id/experiment/results'>;

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/**
 * An A/B test's results per arm: visitors, CV, CV rate, the chance to beat the control and the
 * uplift's 95 % credible interval, with the sample-ratio-mismatch warning above them. Shown by the
 * editor's test panel and the analytics screen alike.
 */
export function ExperimentResults({ results }: { results: ExperimentResultsView }) {
  const { t } = useI18n();
  const message = useMessages();
  return (
    <>
      {results.sampleRatio?.mismatch && (
        <p className="banner" role="alert">
          {message('experimentSampleRatioMismatch', { p: results.sampleRatio.pValue.toExponential(2) })}
        </p>
      )}
      <table data-testid="experiment-results">
        <thead>
          <tr>
            <td />
            <th scope="col">{t('experimentVisitors')}</th>
            <th scope="col">{t('experimentConversions')}</th>
            <th scope="col">{t('experimentRate')}</th>
            <th scope="col">{t('experimentChance')}</th>
            <th scope="col">{t('experimentUplift')}</th>
          </tr>
        </thead>
        <tbody>
          {results.arms.map((arm) => (
            <tr key={arm.variantId}>
              <th scope="row">{arm.variantId === 'control' ? t('variantControl') : arm.variantId}</th>
              <td>{arm.visitors}</td>
              <td>{arm.conversions}</td>
              <td>{percent(arm.conversionRate)}</td>
              <td>{arm.chanceToBeatControl === null ? '—' : percent(arm.chanceToBeatControl)}</td>
              <td>{arm.uplift ? `${percent(arm.uplift.estimate)} (${percent(arm.uplift.lower)} … ${percent(arm.uplift.upper)})` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
