import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { NotificationView } from '../../../../../model/notification-delivery.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { NoticeTable } from '../notices/NoticeTable.tsx';
import { StatusFilter, type StatusFilterValue } from '../notices/notice-status.tsx';
import type { SiteView } from '../../api/types.ts';
import { UntranslatedMarks } from './UntranslatedMarks.tsx';

/** A site's visitor notifications (B §2 `notification-delivery/{siteId}`), filtered by status (B §4: all, published, unpublished, draft, expired). */
export default function NotificationList({ siteId }: { siteId: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const [notifications, setNotifications] = useState<NotificationView[] | null>(null);
  const [site, setSite] = useState<Pick<SiteView['settings'], 'name' | 'languages' | 'defaultLanguage'> | null>(null);
  const [status, setStatus] = useState<StatusFilterValue>('all');
  useEffect(() => {
    void request('GET /site/:id/notification-delivery', { params: { id: siteId } })
      .then((body) => setNotifications(body.notifications))
      .catch(() => setNotifications([]));
    void request('GET /site/:id', { params: { id: siteId } })
      .then((found) => setSite(found.settings))
      .catch(() => {});
  }, [siteId]);
  // A site has few: they are filtered here, not by the server.
  const shown = useMemo(() => notifications?.filter((notification) => status === 'all' || notification.shownStatus === status) ?? null, [notifications, status]);
  const base = `/${account!.routePrefix}/notification-delivery/${siteId}`;
  return (
    <section className="card stack">
      <div className="row spread">
        <div>
          <h1>{t('nt.notifications')}</h1>
          {site && <p className="hint">{t('sn.site', { name: site.name })}</p>}
        </div>
        <Link href={`${base}/create`} className="button">
          {t('nt.create')}
        </Link>
      </div>
      <StatusFilter value={status} onChange={setStatus} />
      <NoticeTable
        items={shown}
        columns={site && site.languages.length > 1 ? [{ heading: 'nt.languages', cell: (notification) => <UntranslatedMarks notification={notification} site={site} /> }] : []}
        detailHref={(id) => `${base}/detail/${id}`}
        editHref={(id) => `${base}/edit/${id}`}
        rowAttribute="data-notification-id"
        empty="nt.none"
      />
    </section>
  );
}
