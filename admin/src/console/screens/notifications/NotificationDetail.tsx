import { useEffect, useState } from 'react';
import type { NotificationView } from '../../../../../model/notification-delivery.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { NoticeDetail } from '../notices/NoticeDetail.tsx';

/** One notification as visitors get it (B §2 `…/detail/{id}`), with its status now; edit or delete it from here. */
export default function NotificationDetail({ siteId, notificationId }: { siteId: string; notificationId: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const [notification, setNotification] = useState<NotificationView | null>(null);
  useEffect(() => {
    void request('GET /site/:id/notification-delivery/:notificationId', { params: { id: siteId, notificationId } })
      .then(setNotification)
      .catch(() => {});
  }, [siteId, notificationId]);
  const base = `/${account!.routePrefix}/notification-delivery/${siteId}`;
  return (
    <NoticeDetail
      item={notification}
      titleId="notification-detail-title"
      heading={t('nt.detail')}
      listHref={base}
      editHref={`${base}/edit/${notificationId}`}
      linkLabel={t('nt.link')}
      confirmKey="nt.deleteConfirm"
      deletedKey="nt.deleted"
      remove={() => request('DELETE /site/:id/notification-delivery/:notificationId', { params: { id: siteId, notificationId } })}
    />
  );
}
