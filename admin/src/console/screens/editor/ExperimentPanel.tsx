import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { ExperimentView } from '../../../../../model/ab/experiment.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { ExperimentResultsView } from '../experiments/ExperimentResults.tsx';
import { useEditorSite } from './editor-context.tsx';

// Results exist only once a test runs; their table (and the statistics it formats) loads then, not with the editor.
const ExperimentResults = lazy(async () => ({ default: (await import('../experiments/ExperimentResults.tsx')).ExperimentResults }));

type State = { experiment: ExperimentView | null; variantKeys: string[] };

const loadResults = (siteId: string) => request('GET /site/:id/experiment/results', { params: { id: siteId } });

/** The site's A/B test: its split between the control and the variant keys its pages have, start and stop, and its results. */
export function ExperimentPanel() {
  const { t } = useI18n();
  const toast = useToast();
  const { site, variantsRevision } = useEditorSite();
  const [state, setState] = useState<State | null>(null);
  const [name, setName] = useState('');
  const [split, setSplit] = useState<Record<string, number>>({});
  const [coverage, setCoverage] = useState(100);
  const [results, setResults] = useState<ExperimentResultsView | null>(null);

  const take = useCallback(
    (next: State) => {
      setState(next);
      const arms = ['control', ...next.variantKeys];
      const set = new Map(next.experiment?.arms.map(({ arm, weight }) => [arm, weight * 100]) ?? []);
      setName(next.experiment?.name ?? '');
      setSplit(Object.fromEntries(arms.map((arm) => [arm, set.get(arm) ?? Math.round(1000 / arms.length) / 10])));
      setCoverage((next.experiment?.coverage ?? 1) * 100);
      if (next.experiment) void loadResults(site.id).then(setResults, () => setResults(null));
    },
    [site.id],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: variantsRevision is the signal to read the keys again.
  useEffect(() => {
    void request('GET /site/:id/experiment', { params: { id: site.id } }).then(take, () => setState(null));
  }, [site.id, take, variantsRevision]);
  if (!state) return null;
  const running = state.experiment?.status === 'running';
  const save = async () => {
    const arms = Object.entries(split).map(([arm, weight]) => ({ arm, weight: weight / 100 }));
    const next = await request('PUT /site/:id/experiment', { params: { id: site.id }, body: { name, arms, coverage: coverage / 100 } }).catch(() => null);
    if (!next) return;
    take(next);
    toast(t('saved'));
  };
  const toggle = async () => {
    const next = await request(running ? 'POST /site/:id/experiment/stop' : 'POST /site/:id/experiment/start', { params: { id: site.id } }).catch(() => null);
    if (next) take(next);
  };
  return (
    <section className="stack card" aria-label={t('experiment')} data-testid="experiment-panel">
      <h2>{t('experiment')}</h2>
      {state.variantKeys.length === 0 ? (
        <p className="hint">{t('experimentNoVariants')}</p>
      ) : (
        <>
          {state.experiment && <p role="status">{t(`experimentStatus.${state.experiment.status}`)}</p>}
          <label className="stack">
            {t('experimentName')}
            <input value={name} onChange={(event) => setName(event.target.value)} disabled={running} />
          </label>
          <fieldset className="row" disabled={running}>
            <legend>{t('experimentSplit')}</legend>
            {Object.entries(split).map(([arm, weight]) => (
              <label key={arm} className="inline">
                {arm === 'control' ? t('variantControl') : arm}{' '}
                <input type="number" min={0} max={100} step={0.1} value={weight} onChange={(event) => setSplit({ ...split, [arm]: Number(event.target.value) })} />
              </label>
            ))}
          </fieldset>
          <label className="inline">
            {t('experimentCoverage')} <input type="number" min={0} max={100} step={1} value={coverage} onChange={(event) => setCoverage(Number(event.target.value))} disabled={running} />
          </label>
          <div className="row">
            <button type="button" className="secondary" onClick={() => void save()} disabled={running}>
              {t('experimentSave')}
            </button>
            {state.experiment && (
              <button type="button" onClick={() => void toggle()}>
                {t(running ? 'experimentStop' : 'experimentStart')}
              </button>
            )}
          </div>
        </>
      )}
      {results && (
        <Suspense fallback={null}>
          <ExperimentResults results={results} />
        </Suspense>
      )}
    </section>
  );
}
