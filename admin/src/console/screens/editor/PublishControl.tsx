import { siteAddress } from '../../../../../model/site-address.ts';
import { buildVisitorPath } from '../../../../../model/visitor-path.ts';
import type { MessageKey, MessageValues } from '../../../../../model/messages/keys.ts';
import { useI18n, useMessages } from '../../i18n/i18n.tsx';
import { useEditorSite } from './editor-context.tsx';
import { useSiteHosting } from './use-site-hosting.ts';

/** Why a publish failed, in the console's language; the shared messages load only when one is shown, not with the editor. */
function PublishFailure({ messageKey, values }: { messageKey: MessageKey; values: MessageValues | undefined }) {
  const m = useMessages();
  return (
    <p role="alert" className="error" data-testid="publish-failure">
      {m(messageKey, values)}
    </p>
  );
}

/**
 * The editor bar's Publish button and, right below it, the publish as it runs: a bar over the four
 * steps, then the version published (each page's live link) or why it failed, until closed.
 */
export function PublishControl() {
  const { site, publishing } = useEditorSite();
  const { t } = useI18n();
  const hosting = useSiteHosting();
  const { running, progress, overall, result, failure } = publishing;
  // Each page on the site's own origin, as publishing addressed it (the shared host's /sites/{id}/ only redirects there).
  const origin = hosting ? siteAddress(site, hosting).origin : '';
  const positions = site.creatives.flatMap((creative) => creative.pages.map((page) => page.position));
  const addressing = { defaultLanguage: site.settings.defaultLanguage, customPathPrefix: site.settings.customPathPrefix };
  return (
    <div className="publish-control">
      <button type="button" onClick={() => void publishing.publish()} disabled={running}>
        {running ? t('publishing') : t('publish')}
      </button>
      {(running || result || failure) && (
        <section className="publish-report card stack" aria-label={t('publish')}>
          {(running || result) && (
            <div className="publish-progress">
              <progress max={100} value={overall} aria-label={t('publish')} data-testid="publish-progress" />
              {progress && (
                <span data-testid="publish-step">
                  {t(`step.${progress.step}`)} {progress.done}/{progress.total}
                </span>
              )}
            </div>
          )}
          {failure && <PublishFailure messageKey={failure.key} values={failure.values} />}
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
          {!running && (
            <button type="button" className="secondary" onClick={publishing.dismiss}>
              {t('close')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
