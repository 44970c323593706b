import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '../../../model/chunk-error.ts';
import type { Language } from '../../../model/language.ts';
import { t } from './i18n.ts';

type Props = { lang: Language; children: ReactNode };
type State = { error: unknown; attempt: number };

/**
 * The viewer's last line (V §8): a part that failed to download (a lazy overlay's chunk) offers
 * reload, which alone clears a failed import; any other error offers retry (the viewer mounted
 * anew), reload and go back. The page's server-rendered HTML is gone by then, so this replaces it.
 */
export default class ViewerErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The viewer failed:', error);
  }

  override render() {
    const { error, attempt } = this.state;
    const { lang } = this.props;
    if (!error)
      return (
        <div key={attempt} className="sg-boundary">
          {this.props.children}
        </div>
      );
    const chunk = isChunkLoadError(error);
    return (
      <main className="sg-error" role="alert" data-testid={chunk ? 'viewer-chunk-error' : 'viewer-error'}>
        <p>{t(chunk ? 'chunkLoadFailed' : 'errorGeneric', lang)}</p>
        <p className="sg-error-actions">
          {!chunk && (
            <button type="button" onClick={() => this.setState({ error: null, attempt: attempt + 1 })}>
              {t('retry', lang)}
            </button>
          )}
          <button type="button" onClick={() => location.reload()}>
            {t('reload', lang)}
          </button>
          <button type="button" onClick={() => history.back()}>
            {t('goBack', lang)}
          </button>
        </p>
      </main>
    );
  }
}
