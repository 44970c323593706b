import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { NotificationView } from '../../../../../model/notification-delivery.ts';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { NotificationEditor } from './NotificationEditor.tsx';

/** The screen of its own for one visitor notification (B §2 `notification-delivery/{siteId}/create`, `…/edit/{id}`); the site editor has the same form inline. */
export default function NotificationForm({ siteId, notificationId }: { siteId: string; notificationId?: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const [, navigate] = useLocation();
  const [site, setSite] = useState<SiteView | null>(null);
  const [notification, setNotification] = useState<NotificationView | null>(null);
  const base = `/${account!.routePrefix}/notification-delivery/${siteId}`;
  useEffect(() => {
    void request('GET /site/:id', { params: { id: siteId } })
      .then(setSite)
      .catch(() => {});
    if (notificationId)
      void request('GET /site/:id/notification-delivery/:notificationId', { params: { id: siteId, notificationId } })
        .then(setNotification)
        .catch(() => {});
  }, [siteId, notificationId]);
  if (!site || (notificationId && !notification)) return <p className="loading">{t('loading')}</p>;
  return (
    <NotificationEditor
      site={site}
      {...(notification ? { notification } : {})}
      titleId="notification-form-title"
      backHref={base}
      intro={<p className="hint">{t('sn.site', { name: site.settings.name })}</p>}
      onSaved={(saved) => navigate(`${base}/detail/${saved.id}`)}
    />
  );
}
