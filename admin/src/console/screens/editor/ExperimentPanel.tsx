import { useCallback, useEffect, useState } from 'react';
import type { ExperimentView } from '../../../../../model/ab/experiment.ts';
import { request } from '../../api/request.ts';
import { useI18n, useMessages } from '../../i18n/i18n.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';

type State = { experiment: ExperimentView | null; variantKeys: string[] };
type Results = Awaited<ReturnType<typeof loadResults>>;

const loadResults = (siteId: string) => request('GET /site/:id/experiment/results', { params: { id: siteId } });
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** The site's A/B test: its split between the control and the variant keys its pages have, start and stop, and its results. */
export function ExperimentPanel() {
  const { t } = useI18n();
  const message = useMessages();
  const toast = useToast();
  const { site, variantsRevision } = useEditorSite();
  const [state, setState] = useState<State | null>(null);
  const [name, setName] = useState('');
  const [split, setSplit] = useState<Record<string, number>>({});
  const [coverage, setCoverage] = useState(100);
  const [results, setResults] = useState<Results | null>(null);

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
        <>
          {results.sampleRatio?.mismatch && (
            <p className="banner" role="alert">
              {message('experimentSampleRatioMismatch', { p: results.sampleRatio.pValue.toExponential(2) })}
            </p>
          )}
          <table>
            <thead>
              <tr>
                <th />
                <th>{t('experimentVisitors')}</th>
                <th>{t('experimentConversions')}</th>
                <th>{t('experimentRate')}</th>
                <th>{t('experimentChance')}</th>
                <th>{t('experimentUplift')}</th>
              </tr>
            </thead>
            <tbody>
              {results.arms.map((arm) => (
                <tr key={arm.variantId}>
                  <th>{arm.variantId === 'control' ? t('variantControl') : arm.variantId}</th>
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
      )}
    </section>
  );
}
