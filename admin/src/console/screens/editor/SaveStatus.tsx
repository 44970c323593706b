import { useEffect, useReducer } from 'react';
import { htmlLang } from '../../../../../model/language.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { SaveState } from './page/autosave.ts';

/** Under this, a save reads "just now". */
const JUST_NOW_MS = 45_000;

/** "Saved · just now", "Saving…" or "Not saved: why", beside the site's name; the time said again each half minute. */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t, lang } = useI18n();
  const [, tick] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (state.kind !== 'saved' || state.at === null) return;
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, [state]);
  let text: string;
  if (state.kind === 'failed') text = t('saveState.failed', { reason: state.reason });
  else if (state.kind !== 'saved') text = t('saveState.saving');
  else if (state.at === null) text = t('saveState.saved');
  else {
    const ago = Date.now() - state.at;
    const when = ago < JUST_NOW_MS ? t('saveState.justNow') : new Intl.RelativeTimeFormat(htmlLang(lang), { numeric: 'auto' }).format(-Math.round(ago / 60_000), 'minute');
    text = `${t('saveState.saved')} · ${when}`;
  }
  return (
    <p className={`save-state save-state-${state.kind}`} role="status" data-testid="save-state" data-state={state.kind}>
      {text}
    </p>
  );
}
