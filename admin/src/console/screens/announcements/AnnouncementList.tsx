import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { AnnouncementKind, AnnouncementView } from '../../../../../model/announcement.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-announcements.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { NoticeTable, type NoticeColumn } from '../notices/NoticeTable.tsx';
import { StatusFilter, type StatusFilterValue } from '../notices/notice-status.tsx';
import { announcementPaths } from './announcement-paths.ts';

/** The platform's latest information or system notifications (B §2), filtered by status on the server (B §4: all, published, unpublished, draft, expired). */
export default function AnnouncementList({ kind }: { kind: AnnouncementKind }) {
  const { t } = useI18n();
  const { account } = useSession();
  const [items, setItems] = useState<AnnouncementView[] | null>(null);
  const [status, setStatus] = useState<StatusFilterValue>('all');
  useEffect(() => {
    setItems(null);
    const key = kind === 'news' ? 'GET /news' : 'GET /system_noti';
    void request(key, { query: { status } })
      .then((body) => setItems(body.items))
      .catch(() => setItems([]));
  }, [kind, status]);
  const paths = announcementPaths(account!.routePrefix, kind);
  const receivers: NoticeColumn<AnnouncementView> = { heading: 'an.receivers', cell: (item) => item.receivers.map((receiver) => t(`an.receiver.${receiver}`)).join(', ') };
  return (
    <section className="card stack">
      <div className="row spread">
        <h1>{t(kind === 'news' ? 'an.news' : 'an.system')}</h1>
        <Link href={paths.create} className="button">
          {t(kind === 'news' ? 'an.createNews' : 'an.createSystem')}
        </Link>
      </div>
      <StatusFilter value={status} onChange={setStatus} />
      <NoticeTable items={items} columns={[receivers]} detailHref={paths.detail} editHref={paths.edit} rowAttribute="data-announcement-id" empty="an.none" />
    </section>
  );
}
