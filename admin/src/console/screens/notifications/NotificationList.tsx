import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { notificationStatusSchema, type NotificationView } from '../../../../../model/notification-delivery.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { StatusBadge, statusKey } from './notification-status.tsx';

const LOCALES = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' } as const;

/** A site's visitor notifications (B §2 `notification-delivery/{siteId}`), filtered by status (B §4: all, published, unpublished, draft, expired). */
export default function NotificationList({ siteId }: { siteId: string }) {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const [notifications, setNotifications] = useState<NotificationView[] | null>(null);
  const [siteName, setSiteName] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    void request('GET /site/:id/notification-delivery', { params: { id: siteId } })
      .then((body) => setNotifications(body.notifications))
      .catch(() => setNotifications([]));
    void request('GET /site/:id', { params: { id: siteId } })
      .then((site) => setSiteName(site.settings.name))
      .catch(() => {});
  }, [siteId]);
  const shown = useMemo(() => (notifications ?? []).filter((notification) => !status || notification.shownStatus === status), [notifications, status]);
  const base = `/${account!.routePrefix}/notification-delivery/${siteId}`;
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(LOCALES[lang]) : t('nt.always'));
  return (
    <section className="card stack">
      <div className="row spread">
        <div>
          <h1>{t('nt.notifications')}</h1>
          {siteName && <p className="hint">{t('sn.site', { name: siteName })}</p>}
        </div>
        <Link href={`${base}/create`} className="button">
          {t('nt.create')}
        </Link>
      </div>
      <div className="row filters">
        <select aria-label={t('nt.filter')} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">{t('nt.all')}</option>
          {notificationStatusSchema.options.map((value) => (
            <option key={value} value={value}>
              {t(statusKey(value))}
            </option>
          ))}
        </select>
      </div>
      {notifications === null ? (
        <p>{t('loading')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('nt.title')}</th>
              <th scope="col">{t('nt.status')}</th>
              <th scope="col">{t('nt.mode')}</th>
              <th scope="col">{t('nt.start')}</th>
              <th scope="col">{t('nt.end')}</th>
              <th scope="col">{t('sn.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((notification) => (
              <tr key={notification.id} data-notification-id={notification.id}>
                <th scope="row">
                  <Link href={`${base}/detail/${notification.id}`}>{notification.title}</Link>
                </th>
                <td>
                  <StatusBadge status={notification.shownStatus} label={t(statusKey(notification.shownStatus))} />
                </td>
                <td>{t(`nt.mode.${notification.publicationMode}`)}</td>
                <td>{date(notification.startDate)}</td>
                <td>{date(notification.endDate)}</td>
                <td>
                  <Link href={`${base}/edit/${notification.id}`} aria-label={t('nt.editOf', { title: notification.title })}>
                    {t('edit')}
                  </Link>
                </td>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={6}>{t('nt.none')}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
