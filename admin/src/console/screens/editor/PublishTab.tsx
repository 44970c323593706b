import { useCallback, useEffect, useState } from 'react';
import { request, type Answer } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';
import { SiteLifecycle } from './SiteLifecycle.tsx';

type Version = Answer<'GET /site/:id/versions'>['versions'][number];

/** The site's published versions with rollback, and taking the site down; publishing itself is the editor bar's button. */
export function PublishTab() {
  const { site, publishing } = useEditorSite();
  const { t } = useI18n();
  const toast = useToast();
  const [versions, setVersions] = useState<Version[]>([]);
  const loadVersions = useCallback(
    () =>
      request('GET /site/:id/versions', { params: { id: site.id } })
        .then((body) => setVersions(body.versions))
        .catch(() => {}),
    [site.id],
  );
  // Read again after each publish the bar ran.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count of finished publishes is what asks again.
  useEffect(() => {
    void loadVersions();
  }, [loadVersions, publishing.finished]);

  const rollback = async (version: number) => {
    try {
      await request('POST /site/:id/versions/:version/rollback', { params: { id: site.id, version: String(version) } });
      toast(t('rolledBack', { version }));
      void loadVersions();
    } catch {
      // Said by the client.
    }
  };

  return (
    <div className="stack">
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
