import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Survey } from '../../../../../model/survey.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';

/** A site's surveys (B §3 "Survey: questions, points"): open one to edit it or read its responses. */
export default function SurveyList({ siteId }: { siteId: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const [surveys, setSurveys] = useState<Survey[] | null>(null);
  const [siteName, setSiteName] = useState('');
  useEffect(() => {
    void request('GET /site/:id/survey', { params: { id: siteId } })
      .then((body) => setSurveys(body.surveys))
      .catch(() => setSurveys([]));
    void request('GET /site/:id', { params: { id: siteId } })
      .then((site) => setSiteName(site.settings.name))
      .catch(() => {});
  }, [siteId]);
  const base = `/${account!.routePrefix}/survey/${siteId}`;
  return (
    <section className="card stack">
      <div className="row spread">
        <div>
          <h1>{t('sv.surveys')}</h1>
          {siteName && <p className="hint">{t('sn.site', { name: siteName })}</p>}
        </div>
        <Link href={`${base}/create`} className="button">
          {t('sv.create')}
        </Link>
      </div>
      {surveys === null ? (
        <p>{t('loading')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('sv.title')}</th>
              <th scope="col">{t('sv.questions')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('sn.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {surveys.map((survey) => (
              <tr key={survey.id}>
                <th scope="row">
                  <Link href={`${base}/detail/${survey.id}`}>{survey.title}</Link>
                </th>
                <td>{survey.questions.length}</td>
                <td>
                  <span className={`badge ${survey.isActive ? 'badge-published' : ''}`}>{survey.isActive ? t('sv.activeShort') : t('sv.closedShort')}</span>
                </td>
                <td className="row">
                  <Link href={`${base}/edit/${survey.id}`} aria-label={`${t('edit')}: ${survey.title}`}>
                    {t('edit')}
                  </Link>
                  <Link href={`${base}/detail/${survey.id}`} aria-label={`${t('sv.results')}: ${survey.title}`}>
                    {t('sv.results')}
                  </Link>
                </td>
              </tr>
            ))}
            {surveys.length === 0 && (
              <tr>
                <td colSpan={4}>{t('sv.none')}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
