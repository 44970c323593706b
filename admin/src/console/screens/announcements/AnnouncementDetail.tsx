import { useEffect, useState } from 'react';
import type { AnnouncementKind, AnnouncementView } from '../../../../../model/announcement.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-announcements.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { NoticeDetail } from '../notices/NoticeDetail.tsx';
import { useNoticeDate } from '../notices/notice-date.ts';
import { announcementPaths } from './announcement-paths.ts';

/** One piece of latest information or one system notification with its status now; edit or delete it from here. */
export default function AnnouncementDetail({ kind, id }: { kind: AnnouncementKind; id: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const date = useNoticeDate();
  const [item, setItem] = useState<AnnouncementView | null>(null);
  useEffect(() => {
    const loaded = kind === 'news' ? request('GET /news/:newsId', { params: { newsId: id } }) : request('GET /system_noti/:notiId', { params: { notiId: id } });
    void loaded.then(setItem).catch(() => {});
  }, [kind, id]);
  const paths = announcementPaths(account!.routePrefix, kind);
  return (
    <NoticeDetail
      item={item}
      titleId="announcement-detail-title"
      heading={t(kind === 'news' ? 'an.detailNews' : 'an.detailSystem')}
      listHref={paths.list}
      editHref={paths.edit(id)}
      linkLabel={t('an.link')}
      extra={
        item && (
          <>
            <dt>{t('an.receivers')}</dt>
            <dd>{item.receivers.map((receiver) => t(`an.receiver.${receiver}`)).join(', ')}</dd>
            <dt>{t('an.distributionSite')}</dt>
            <dd>{item.distributionSite || '—'}</dd>
          </>
        )
      }
      trailing={
        item && (
          <>
            <dt>{t('an.createdAt')}</dt>
            <dd>{date(item.createdAt)}</dd>
          </>
        )
      }
      confirmKey="an.deleteConfirm"
      deletedKey="an.deleted"
      remove={() => (kind === 'news' ? request('DELETE /news/:newsId', { params: { newsId: id } }) : request('DELETE /system_noti/:notiId', { params: { notiId: id } }))}
    />
  );
}
