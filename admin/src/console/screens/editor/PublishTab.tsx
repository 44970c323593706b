import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageKey, MessageValues } from '../../../../../model/messages/keys.ts';
import { siteAddress, type SiteHosting } from '../../../../../model/site-address.ts';
import { buildVisitorPath } from '../../../../../model/visitor-path.ts';
import { request, type Answer } from '../../api/request.ts';
import { useI18n, useMessages } from '../../i18n/i18n.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';
import { SiteLifecycle } from './SiteLifecycle.tsx';

type Step = 'images' | 'video' | 'pages' | 'upload';
type Progress = { step: Step; done: number; total: number };
type Result = { version: number | null; changed: boolean };
type Version = Answer<'GET /site/:id/versions'>['versions'][number];
// Videos are encoded first, before the publish takes the storage lease (api/publishing/publish-and-sweep.ts).
const STEPS: readonly Step[] = ['video', 'images', 'pages', 'upload'];
type Failure = { key: MessageKey; values: MessageValues };

/** Publish with a live progress bar from the publish event stream, then the result and the version list with rollback. */
export function PublishTab() {
  const { site, onSaved } = useEditorSite();
  const { t } = useI18n();
  const m = useMessages();
  const [failure, setFailure] = useState<Failure | null>(null);
  const toast = useToast();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [versions, setVersions] = useState<Version[]>([]);
  const [hosting, setHosting] = useState<SiteHosting | null>(null);
  const source = useRef<EventSource | null>(null);
  const loadVersions = useCallback(
    () =>
      request('GET /site/:id/versions', { params: { id: site.id } })
        .then((body) => setVersions(body.versions))
        .catch(() => {}),
    [site.id],
  );
  useEffect(() => {
    void loadVersions();
    void request('GET /meta', {}).then((meta) => setHosting(meta.siteOrigin ? { siteOrigin: meta.siteOrigin, siteDomain: meta.siteDomain ?? undefined } : null));
    return () => source.current?.close();
  }, [loadVersions]);

  const publish = async () => {
    setResult(null);
    setFailure(null);
    setProgress(null);
    let started: { events: string };
    try {
      started = await request('POST /site/:id/publish', { params: { id: site.id } });
    } catch {
      return;
    }
    setRunning(true);
    const events = new EventSource(started.events);
    source.current = events;
    events.addEventListener('progress', (message) => setProgress(JSON.parse((message as MessageEvent<string>).data) as Progress));
    events.addEventListener('done', (message) => {
      events.close();
      const { result: done } = JSON.parse((message as MessageEvent<string>).data) as { result: Result };
      setProgress((last) => (last ? { ...last, done: last.total } : last));
      setRunning(false);
      setResult(done);
      void loadVersions();
      void request('GET /site/:id', { params: { id: site.id }, query: { lang: site.lang } })
        .then(onSaved)
        .catch(() => {});
    });
    events.addEventListener('failed', (message) => {
      events.close();
      setRunning(false);
      // Shown where the result would be, in the console's language: why, and what to do about it.
      setFailure(JSON.parse((message as MessageEvent<string>).data) as Failure);
    });
  };

  const rollback = async (version: number) => {
    try {
      await request('POST /site/:id/versions/:version/rollback', { params: { id: site.id, version: String(version) } });
      toast(t('rolledBack', { version }));
      void loadVersions();
    } catch {
      // Said by the client.
    }
  };

  const stepIndex = progress ? STEPS.indexOf(progress.step) : 0;
  // One bar over the four steps: each step a quarter, filled by its own done/total.
  const overall = progress ? Math.round(((stepIndex + (progress.total ? progress.done / progress.total : 1)) / STEPS.length) * 100) : 0;
  // Each page on the site's own origin, as publishing addressed it (the shared host's /sites/{id}/ only redirects there).
  const origin = hosting ? siteAddress(site, hosting).origin : '';
  const positions = site.creatives.flatMap((creative) => creative.pages.map((page) => page.position));
  const addressing = { defaultLanguage: site.settings.defaultLanguage, customPathPrefix: site.settings.customPathPrefix };
  return (
    <div className="stack">
      <section className="card stack" aria-label={t('publish')}>
        <button type="button" onClick={() => void publish()} disabled={running}>
          {running ? t('publishing') : t('publish')}
        </button>
        {(running || result) && (
          <div className="publish-progress">
            <progress max={100} value={result ? 100 : overall} aria-label={t('publish')} data-testid="publish-progress" />
            {progress && (
              <span data-testid="publish-step">
                {t(`step.${progress.step}`)} {progress.done}/{progress.total}
              </span>
            )}
          </div>
        )}
        {failure && (
          <p role="alert" className="error" data-testid="publish-failure">
            {m(failure.key, failure.values)}
          </p>
        )}
        {result && (
          <div role="status" data-testid="publish-result">
            <p>{result.changed ? t('publishDone', { version: result.version ?? '' }) : t('publishUnchanged', { version: result.version ?? '' })}</p>
            <h3>{t('publishedPages')}</h3>
            <ul className="page-links">
              {positions.map((position) => (
                <li key={position}>
                  {origin ? (
                    <a href={origin + buildVisitorPath(addressing, { lang: addressing.defaultLanguage, position })} target="_blank" rel="noreferrer">
                      {position}
                    </a>
                  ) : (
                    position
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <section className="card" aria-label={t('versions')}>
        <h2>{t('versions')}</h2>
        <table>
          <thead>
            <tr>
              <th>{t('version')}</th>
              <th>{t('createdAt')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.version}>
                <td>
                  {version.version}
                  {version.live && <span className="badge badge-published"> {t('live')}</span>}
                </td>
                <td>{new Date(version.createdAt).toLocaleString()}</td>
                <td>
                  {!version.live && (
                    <button type="button" className="secondary" onClick={() => void rollback(version.version)}>
                      {t('rollback')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <SiteLifecycle onChanged={() => void loadVersions()} />
    </div>
  );
}
