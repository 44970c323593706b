import { Link } from 'wouter';
import type { Answer } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';

export type UserSite = Answer<'GET /site/list/:id'>['sites'][number];

/** A user's own sites on its detail screen (B §2 site/list/{id}), each leading to its editor. */
export function UserSites({ sites }: { sites: readonly UserSite[] }) {
  const { t } = useI18n();
  const { account } = useSession();
  return (
    <section className="card" aria-labelledby="user-sites-title">
      <h2 id="user-sites-title">{t('userSites')}</h2>
      <table>
        <thead>
          <tr>
            <th>{t('name')}</th>
            <th>{t('status')}</th>
            <th>{t('liveVersion')}</th>
            <th>{t('updatedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {sites.map((site) => (
            <tr key={site.id}>
              <td>
                <Link href={`/${account!.routePrefix}/site/${site.id}`}>{site.name}</Link>
              </td>
              <td>
                <span className={`badge badge-${site.status}`}>{t(`status.${site.status}`)}</span>
              </td>
              <td>{site.liveVersion ?? '—'}</td>
              <td>{new Date(site.updatedAt).toLocaleString()}</td>
            </tr>
          ))}
          {sites.length === 0 && (
            <tr>
              <td colSpan={4}>{t('noSites')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
