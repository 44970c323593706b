import { useId } from 'react';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-analytics-maps.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { ExperimentResults } from '../experiments/ExperimentResults.tsx';
import type { ReportQuery } from './report-query.ts';
import { useReport } from './use-report.ts';

/** Reads the site's test, then its results when it has one (the results answer 404 without a test). */
async function loadExperiment(siteId: string, signal: AbortSignal) {
  const state = await request('GET /site/:id/experiment', { params: { id: siteId } }, { quiet: true, signal });
  if (!state.experiment) return { experiment: null, results: null };
  const results = await request('GET /site/:id/experiment/results', { params: { id: siteId } }, { quiet: true, signal });
  return { experiment: state.experiment, results };
}

/**
 * The site's A/B test on the analytics screen: its name, state and results per arm (the editor's
 * table, shared). The results count the whole test, so the screen's dates and filters do not
 * apply; the section says so rather than seem to follow them.
 */
export function ExperimentSection({ siteId }: { siteId: string; query: ReportQuery }) {
  const { t } = useI18n();
  const ids = useId();
  const loaded = useReport(siteId, (signal) => loadExperiment(siteId, signal));
  return (
    <section className="stack" aria-labelledby={`${ids}-title`} aria-busy={loaded.status === 'loading'} data-testid="experiment-section">
      <h2 id={`${ids}-title`}>{t('experiment')}</h2>
      {loaded.status === 'loading' && <p className="loading">{t('loading')}</p>}
      {loaded.status === 'refused' && (
        <p className="banner" role="status">
          {loaded.message}
        </p>
      )}
      {loaded.status === 'done' && !loaded.data.experiment && <p className="hint">{t('am.experimentNone')}</p>}
      {loaded.status === 'done' && loaded.data.experiment && (
        <>
          <p>
            <strong>{loaded.data.experiment.name}</strong> · <span data-testid="experiment-status">{t(`experimentStatus.${loaded.data.experiment.status}`)}</span>
          </p>
          {loaded.data.results && <ExperimentResults results={loaded.data.results} />}
          <p className="hint">{t('am.experimentWhole')}</p>
        </>
      )}
    </section>
  );
}
