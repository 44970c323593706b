import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { siteStatusSchema } from '../../../../../model/site.ts';
import { request } from '../../api/request.ts';
import type { SiteSummary } from '../../api/types.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { AnalyticsLink } from '../analytics/AnalyticsLink.tsx';
import { mayUseAnalytics } from '../analytics/analytics-access.ts';
import { ownerDataHref } from '../owner-data/owner-data-kinds.ts';

/** Every status of the spec, "domain checking" included (domain_verifying). */
const STATUSES = siteStatusSchema.options;

export default function SiteList() {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const [sites, setSites] = useState<SiteSummary[] | null>(null);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    void request('GET /site', {})
      .then((body) => setSites(body.sites))
      .catch(() => setSites([]));
  }, []);
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (sites ?? []).filter((site) => (!status || site.status === status) && (!needle || site.name.toLowerCase().includes(needle) || site.id.includes(needle)));
  }, [sites, query, status]);
  const statusName = (value: string) => ((STATUSES as readonly string[]).includes(value) ? t(`status.${value as (typeof STATUSES)[number]}`) : value);
  const prefix = `/${account!.routePrefix}`;
  const date = (value: string) => new Date(value).toLocaleString(lang === 'jp' ? 'ja' : lang === 'cn' ? 'zh' : lang === 'kr' ? 'ko' : 'en');
  return (
    <section className="card">
      <div className="row spread">
        <h1>{t('siteList')}</h1>
        <div className="row">
          {/* The server streams the file (B §7 /site/export): every site of the branch, with its URL and parent account. */}
          <a href={`/api/site/export?lang=${lang}`} className="button secondary" download="sites.csv">
            {t('exportCsv')}
          </a>
          <Link href={`${prefix}/create-site`} className="button">
            {t('createSite')}
          </Link>
        </div>
      </div>
      <div className="row filters">
        <input type="search" aria-label={t('search')} placeholder={t('search')} value={query} onChange={(event) => setQuery(event.target.value)} />
        <select aria-label={t('status')} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">{t('all')}</option>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusName(value)}
            </option>
          ))}
        </select>
      </div>
      {sites === null ? (
        <p>{t('loading')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('name')}</th>
              <th>{t('grid')}</th>
              <th>{t('status')}</th>
              <th>{t('liveVersion')}</th>
              <th>{t('updatedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((site) => (
              <tr key={site.id}>
                <td>
                  <Link href={`${prefix}/site/${site.id}`}>{site.name}</Link>
                  {site.liveVersion ? (
                    <>
                      {' '}
                      ·{' '}
                      <a href={site.url} target="_blank" rel="noreferrer">
                        {t('open')}
                      </a>
                    </>
                  ) : null}
                  <span className="hint site-links">
                    {' '}
                    ·{' '}
                    <Link href={`${prefix}/survey/${site.id}`} aria-label={`${t('sv.surveys')}: ${site.name}`}>
                      {t('sv.surveys')}
                    </Link>{' '}
                    ·{' '}
                    <Link href={`${prefix}/notification-delivery/${site.id}`} aria-label={`${t('nt.notifications')}: ${site.name}`}>
                      {t('nt.notifications')}
                    </Link>{' '}
                    · <Link href={ownerDataHref(account!.routePrefix, 'members', site.id)}>{t('ownerData.nav')}</Link>
                    {mayUseAnalytics(account!) && (
                      <>
                        {' '}
                        · <AnalyticsLink siteId={site.id} siteName={site.name} />
                      </>
                    )}
                  </span>
                </td>
                <td>
                  {site.numberHorizontal} × {site.numberVertical}
                </td>
                <td>
                  <span className={`badge badge-${site.status}`}>{statusName(site.status)}</span>
                </td>
                <td>{site.liveVersion ?? '—'}</td>
                <td>{date(site.updatedAt)}</td>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={5}>{t('noSites')}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
