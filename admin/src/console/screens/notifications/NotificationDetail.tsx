import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { NotificationView } from '../../../../../model/notification-delivery.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { StatusBadge, statusKey } from './notification-status.tsx';

const LOCALES = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' } as const;

/** One notification as visitors get it (B §2 `…/detail/{id}`), with its status now; edit or delete it from here. */
export default function NotificationDetail({ siteId, notificationId }: { siteId: string; notificationId: string }) {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { confirm, dialog } = useConfirm();
  const [notification, setNotification] = useState<NotificationView | null>(null);
  useEffect(() => {
    void request('GET /site/:id/notification-delivery/:notificationId', { params: { id: siteId, notificationId } })
      .then(setNotification)
      .catch(() => {});
  }, [siteId, notificationId]);
  const base = `/${account!.routePrefix}/notification-delivery/${siteId}`;
  if (!notification) return <p className="loading">{t('loading')}</p>;
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(LOCALES[lang]) : t('nt.always'));
  const remove = async () => {
    if (!(await confirm({ message: t('nt.deleteConfirm', { title: notification.title }), confirmLabel: t('sn.delete'), danger: true }))) return;
    await request('DELETE /site/:id/notification-delivery/:notificationId', { params: { id: siteId, notificationId } });
    toast(t('nt.deleted'), 'success');
    navigate(base);
  };
  return (
    <section className="card stack narrow-card" aria-labelledby="notification-detail-title">
      <div className="row spread">
        <h1 id="notification-detail-title">{t('nt.detail')}</h1>
        <Link href={base}>{t('sn.back')}</Link>
      </div>
      <dl className="facts">
        <dt>{t('nt.title')}</dt>
        <dd>{notification.title}</dd>
        <dt>{t('nt.status')}</dt>
        <dd>
          <StatusBadge status={notification.shownStatus} label={t(statusKey(notification.shownStatus))} />
        </dd>
        <dt>{t('nt.content')}</dt>
        <dd className="pre-wrap">{notification.content || '—'}</dd>
        <dt>{t('nt.image')}</dt>
        <dd>{notification.imageUrl ? <img src={notification.imageUrl} alt="" className="thumb" /> : '—'}</dd>
        <dt>{t('nt.link')}</dt>
        <dd>
          {notification.newsUrl ? (
            <a href={notification.newsUrl} target="_blank" rel="noreferrer">
              {notification.newsUrl}
            </a>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('nt.mode')}</dt>
        <dd>{t(`nt.mode.${notification.publicationMode}`)}</dd>
        <dt>{t('nt.start')}</dt>
        <dd>{date(notification.startDate)}</dd>
        <dt>{t('nt.end')}</dt>
        <dd>{date(notification.endDate)}</dd>
      </dl>
      <div className="row">
        <Link href={`${base}/edit/${notification.id}`} className="button">
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
