import { notificationStatusSchema, type NotificationStatus } from '../../../../../model/notification-delivery.ts';
import type { UiKey } from '../../i18n/catalogue.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/** The console's word for a status now, the site list's own (`status.*`), and its badge class. */
export function statusKey(status: NotificationStatus): UiKey {
  return `status.${status}`;
}

export function StatusBadge({ status }: { status: NotificationStatus }) {
  const { t } = useI18n();
  return (
    <span className={`badge badge-${status}`} data-status={status}>
      {t(statusKey(status))}
    </span>
  );
}

export type StatusFilterValue = NotificationStatus | 'all';

/** The list screens' filter (B §4): all, published, unpublished, draft, expired. */
export function StatusFilter({ value, onChange }: { value: StatusFilterValue; onChange: (value: StatusFilterValue) => void }) {
  const { t } = useI18n();
  return (
    <div className="row filters">
      <select aria-label={t('nt.filter')} value={value} onChange={(event) => onChange(notificationStatusSchema.safeParse(event.target.value).data ?? 'all')}>
        <option value="all">{t('nt.all')}</option>
        {notificationStatusSchema.options.map((status) => (
          <option key={status} value={status}>
            {t(statusKey(status))}
          </option>
        ))}
      </select>
    </div>
  );
}
