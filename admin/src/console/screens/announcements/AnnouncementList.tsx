import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { AnnouncementKind, AnnouncementView } from '../../../../../model/announcement.ts';
import { notificationStatusSchema } from '../../../../../model/notification-delivery.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-announcements.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { StatusBadge, statusKey } from '../notifications/notification-status.tsx';
import { announcementPaths, LOCALES } from './announcement-paths.ts';

type Filter = 'all' | AnnouncementView['shownStatus'];

/** The platform's latest information or system notifications (B §2), filtered by status on the server (B §4: all, published, unpublished, draft, expired). */
export default function AnnouncementList({ kind }: { kind: AnnouncementKind }) {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const [items, setItems] = useState<AnnouncementView[] | null>(null);
  const [status, setStatus] = useState<Filter>('all');
  useEffect(() => {
    setItems(null);
    const key = kind === 'news' ? 'GET /news' : 'GET /system_noti';
    void request(key, { query: { status } })
      .then((body) => setItems(body.items))
      .catch(() => setItems([]));
  }, [kind, status]);
  const paths = announcementPaths(account!.routePrefix, kind);
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(LOCALES[lang]) : t('nt.always'));
  return (
    <section className="card stack">
      <div className="row spread">
        <h1>{t(kind === 'news' ? 'an.news' : 'an.system')}</h1>
        <Link href={paths.create} className="button">
          {t(kind === 'news' ? 'an.createNews' : 'an.createSystem')}
        </Link>
      </div>
      <div className="row filters">
        <select aria-label={t('nt.filter')} value={status} onChange={(event) => setStatus(notificationStatusSchema.safeParse(event.target.value).data ?? 'all')}>
          <option value="all">{t('nt.all')}</option>
          {notificationStatusSchema.options.map((value) => (
            <option key={value} value={value}>
              {t(statusKey(value))}
            </option>
          ))}
        </select>
      </div>
      {items === null ? (
        <p>{t('loading')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('nt.title')}</th>
              <th scope="col">{t('nt.status')}</th>
              <th scope="col">{t('an.receivers')}</th>
              <th scope="col">{t('nt.mode')}</th>
              <th scope="col">{t('nt.start')}</th>
              <th scope="col">{t('nt.end')}</th>
              <th scope="col">{t('sn.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} data-announcement-id={item.id}>
                <th scope="row">
                  <Link href={paths.detail(item.id)}>{item.title}</Link>
                </th>
                <td>
                  <StatusBadge status={item.shownStatus} label={t(statusKey(item.shownStatus))} />
                </td>
                <td>{item.receivers.map((receiver) => t(`an.receiver.${receiver}`)).join(', ')}</td>
                <td>{t(`nt.mode.${item.publicationMode}`)}</td>
                <td>{date(item.startDate)}</td>
                <td>{date(item.endDate)}</td>
                <td>
                  <Link href={paths.edit(item.id)} aria-label={t('nt.editOf', { title: item.title })}>
                    {t('edit')}
                  </Link>
                </td>
              </tr>
            ))}
            {items.length === 0 && (
              <tr>
                <td colSpan={7}>{t('an.none')}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
