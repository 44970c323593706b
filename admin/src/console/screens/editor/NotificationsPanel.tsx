import { useCallback, useEffect, useState } from 'react';
import type { NotificationView } from '../../../../../model/notification-delivery.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { canChange, useSession } from '../../session.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useNoticeDate } from '../notices/notice-date.ts';
import { StatusBadge } from '../notices/notice-status.tsx';
import { NotificationEditor } from '../notifications/NotificationEditor.tsx';
import { UntranslatedMarks } from '../notifications/UntranslatedMarks.tsx';
import { useEditorSite } from './editor-context.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; notification: NotificationView } | null;

/**
 * The site's visitor notifications inside the site editor, self-contained (it reads and saves
 * through the notification contracts, not the draft): the list with each one's status, window
 * and the languages it is still untranslated in, and the per-language form inline. Notifications
 * apply without a publish, so nothing here marks the draft unsaved once a save is done.
 */
export function NotificationsPanel() {
  const { site } = useEditorSite();
  const { t } = useI18n();
  const { account } = useSession();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const date = useNoticeDate();
  const [notifications, setNotifications] = useState<NotificationView[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const mayChange = account ? canChange(account) : false;
  const { languages } = site.settings;
  const load = useCallback(
    () =>
      request('GET /site/:id/notification-delivery', { params: { id: site.id } })
        .then((body) => setNotifications(body.notifications))
        .catch(() => setNotifications([])),
    [site.id],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const remove = async (notification: NotificationView) => {
    if (!(await confirm({ message: t('nt.deleteConfirm', { title: notification.title }), confirmLabel: t('sn.delete'), danger: true }))) return;
    await request('DELETE /site/:id/notification-delivery/:notificationId', { params: { id: site.id, notificationId: notification.id } });
    toast(t('nt.deleted'), 'success');
    await load();
  };
  if (editing) {
    return (
      <NotificationEditor
        key={editing.kind === 'edit' ? editing.notification.id : 'new'}
        site={site}
        {...(editing.kind === 'edit' ? { notification: editing.notification } : {})}
        titleId="notifications-panel-form"
        headingLevel="h2"
        onCancel={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void load();
        }}
      />
    );
  }
  return (
    <section className="card stack" aria-labelledby="notifications-panel-title" data-panel="notifications">
      {dialog}
      <div className="row spread">
        <div>
          <h2 id="notifications-panel-title">{t('nt.notifications')}</h2>
          <p className="hint">{t('nt.intro')}</p>
        </div>
        {mayChange && (
          <button type="button" onClick={() => setEditing({ kind: 'new' })}>
            {t('nt.create')}
          </button>
        )}
      </div>
      {notifications === null ? (
        <p className="loading">{t('loading')}</p>
      ) : notifications.length === 0 ? (
        <p className="hint">{t('nt.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('nt.title')}</th>
              <th scope="col">{t('nt.status')}</th>
              {languages.length > 1 && <th scope="col">{t('nt.languages')}</th>}
              <th scope="col">{t('nt.start')}</th>
              <th scope="col">{t('nt.end')}</th>
              {mayChange && <th scope="col">{t('sn.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {notifications.map((notification) => {
              return (
                <tr key={notification.id} data-notification-id={notification.id}>
                  <th scope="row">{notification.title}</th>
                  <td>
                    <StatusBadge status={notification.shownStatus} />
                  </td>
                  {languages.length > 1 && (
                    <td>
                      <UntranslatedMarks notification={notification} site={site.settings} />
                    </td>
                  )}
                  <td>{date(notification.startDate)}</td>
                  <td>{date(notification.endDate)}</td>
                  {mayChange && (
                    <td>
                      <div className="row">
                        <button type="button" className="secondary" aria-label={t('nt.editOf', { title: notification.title })} onClick={() => setEditing({ kind: 'edit', notification })}>
                          {t('edit')}
                        </button>
                        <button type="button" className="secondary" aria-label={t('nt.deleteOf', { title: notification.title })} onClick={() => void remove(notification)}>
                          {t('sn.delete')}
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
