import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { AnnouncementKind, AnnouncementView } from '../../../../../model/announcement.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-announcements.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { StatusBadge, statusKey } from '../notifications/notification-status.tsx';
import { announcementPaths, LOCALES } from './announcement-paths.ts';

/** One piece of latest information or one system notification with its status now; edit or delete it from here. */
export default function AnnouncementDetail({ kind, id }: { kind: AnnouncementKind; id: string }) {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { confirm, dialog } = useConfirm();
  const [item, setItem] = useState<AnnouncementView | null>(null);
  useEffect(() => {
    const loaded = kind === 'news' ? request('GET /news/:newsId', { params: { newsId: id } }) : request('GET /system_noti/:notiId', { params: { notiId: id } });
    void loaded.then(setItem).catch(() => {});
  }, [kind, id]);
  const paths = announcementPaths(account!.routePrefix, kind);
  if (!item) return <p className="loading">{t('loading')}</p>;
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(LOCALES[lang]) : t('nt.always'));
  const remove = async () => {
    if (!(await confirm({ message: t('an.deleteConfirm', { title: item.title }), confirmLabel: t('sn.delete'), danger: true }))) return;
    if (kind === 'news') await request('DELETE /news/:newsId', { params: { newsId: id } });
    else await request('DELETE /system_noti/:notiId', { params: { notiId: id } });
    toast(t('an.deleted'), 'success');
    navigate(paths.list);
  };
  return (
    <section className="card stack narrow-card" aria-labelledby="announcement-detail-title">
      <div className="row spread">
        <h1 id="announcement-detail-title">{t(kind === 'news' ? 'an.detailNews' : 'an.detailSystem')}</h1>
        <Link href={paths.list}>{t('sn.back')}</Link>
      </div>
      <dl className="facts">
        <dt>{t('nt.title')}</dt>
        <dd>{item.title}</dd>
        <dt>{t('nt.status')}</dt>
        <dd>
          <StatusBadge status={item.shownStatus} label={t(statusKey(item.shownStatus))} />
        </dd>
        <dt>{t('nt.content')}</dt>
        <dd className="pre-wrap">{item.content || '—'}</dd>
        <dt>{t('an.receivers')}</dt>
        <dd>{item.receivers.map((receiver) => t(`an.receiver.${receiver}`)).join(', ')}</dd>
        <dt>{t('an.distributionSite')}</dt>
        <dd>{item.distributionSite || '—'}</dd>
        <dt>{t('nt.image')}</dt>
        <dd>{item.imageUrl ? <img src={item.imageUrl} alt="" className="thumb" /> : '—'}</dd>
        <dt>{t('an.link')}</dt>
        <dd>
          {item.newsUrl ? (
            <a href={item.newsUrl} target="_blank" rel="noreferrer">
              {item.newsUrl}
            </a>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('nt.mode')}</dt>
        <dd>{t(`nt.mode.${item.publicationMode}`)}</dd>
        <dt>{t('nt.start')}</dt>
        <dd>{date(item.startDate)}</dd>
        <dt>{t('nt.end')}</dt>
        <dd>{date(item.endDate)}</dd>
        <dt>{t('an.createdAt')}</dt>
        <dd>{date(item.createdAt)}</dd>
      </dl>
      <div className="row">
        <Link href={paths.edit(item.id)} className="button">
          {t('edit')}
        </Link>
        <button type="button" className="danger" onClick={() => void remove()}>
          {t('sn.delete')}
        </button>
      </div>
      {dialog}
    </section>
  );
}
