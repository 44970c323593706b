import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '../../../../model/chunk-error.ts';
import { useI18n } from '../i18n/i18n.tsx';

type Props = { children: ReactNode };
type State = { error: unknown; attempt: number };

/**
 * Catches what a screen throws while rendering (or its chunk failing to download) and shows
 * the error screen in its place, the console's frame around it kept. Retry renders the screen
 * anew (a fresh mount, so it fetches again); App.tsx keys the boundary by address, so moving to
 * another screen clears the error too.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A console screen failed:', error, info.componentStack);
  }

  override render() {
    const { error, attempt } = this.state;
    if (error) return <ScreenError chunk={isChunkLoadError(error)} onRetry={() => this.setState({ error: null, attempt: attempt + 1 })} />;
    return <div key={attempt}>{this.props.children}</div>;
  }
}

/** B §8: a chunk that did not load offers reload (a retry would meet the same cached failure); any other error offers retry, reload and go back. */
function ScreenError({ chunk, onRetry }: { chunk: boolean; onRetry(): void }) {
  const { t } = useI18n();
  return (
    <section className="card stack" role="alert" data-testid={chunk ? 'chunk-error' : 'screen-error'}>
      <h1>{t(chunk ? 'error.chunk' : 'error.screen')}</h1>
      <p>{t(chunk ? 'error.chunkHint' : 'error.screenHint')}</p>
      <p className="row">
        {!chunk && (
          <button type="button" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
        <button type="button" className={chunk ? undefined : 'secondary'} onClick={() => location.reload()}>
          {t('reload')}
        </button>
        <button type="button" className="secondary" onClick={() => history.back()}>
          {t('goBack')}
        </button>
      </p>
    </section>
  );
}
