import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MessageKey, MessageValues } from '../../../../../model/messages/keys.ts';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';

type Step = 'images' | 'video' | 'pages' | 'upload';
export type PublishProgress = { step: Step; done: number; total: number };
export type PublishResult = { version: number | null; changed: boolean };
export type PublishFailure = { key: MessageKey; values: MessageValues };
// Videos are encoded first, before the publish takes the storage lease (api/publishing/publish-and-sweep.ts).
const STEPS: readonly Step[] = ['video', 'images', 'pages', 'upload'];

export type Publishing = {
  publish(): Promise<void>;
  running: boolean;
  progress: PublishProgress | null;
  /** 0–100 over the four steps: each step a quarter, filled by its own done/total. */
  overall: number;
  result: PublishResult | null;
  failure: PublishFailure | null;
  /** Counts finished publishes, so the version list reads itself again after each. */
  finished: number;
  /** Forgets the last result or failure (the owner closed it). */
  dismiss(): void;
};

/**
 * One publish of the site followed on its event stream: started from the editor's top bar, its
 * progress and result read wherever the editor shows them (the bar, the publishing panel). The
 * site is read again when it is done, so its published state shows at once.
 */
export function usePublish(site: Pick<SiteView, 'id' | 'lang'>, onSaved: (site: SiteView) => void): Publishing {
  const [progress, setProgress] = useState<PublishProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<PublishResult | null>(null);
  const [failure, setFailure] = useState<PublishFailure | null>(null);
  const [finished, setFinished] = useState(0);
  const source = useRef<EventSource | null>(null);
  useEffect(() => () => source.current?.close(), []);
  const { id, lang } = site;

  const publish = useCallback(async () => {
    setResult(null);
    setFailure(null);
    setProgress(null);
    let started: { events: string };
    try {
      started = await request('POST /site/:id/publish', { params: { id } });
    } catch {
      return;
    }
    setRunning(true);
    const events = new EventSource(started.events);
    source.current = events;
    events.addEventListener('progress', (message) => setProgress(JSON.parse((message as MessageEvent<string>).data) as PublishProgress));
    events.addEventListener('done', (message) => {
      events.close();
      const { result: done } = JSON.parse((message as MessageEvent<string>).data) as { result: PublishResult };
      setProgress((last) => (last ? { ...last, done: last.total } : last));
      setRunning(false);
      setResult(done);
      setFinished((count) => count + 1);
      void request('GET /site/:id', { params: { id }, query: { lang } })
        .then(onSaved)
        .catch(() => {});
    });
    events.addEventListener('failed', (message) => {
      events.close();
      setRunning(false);
      // Shown where the result would be, in the console's language: why, and what to do about it.
      setFailure(JSON.parse((message as MessageEvent<string>).data) as PublishFailure);
    });
  }, [id, lang, onSaved]);

  const dismiss = useCallback(() => {
    setResult(null);
    setFailure(null);
    setProgress(null);
  }, []);

  const stepIndex = progress ? STEPS.indexOf(progress.step) : 0;
  const overall = result ? 100 : progress ? Math.round(((stepIndex + (progress.total ? progress.done / progress.total : 1)) / STEPS.length) * 100) : 0;
  // One object while nothing changes, so the editor's context does not change with every render.
  return useMemo(() => ({ publish, running, progress, overall, result, failure, finished, dismiss }), [publish, running, progress, overall, result, failure, finished, dismiss]);
}
