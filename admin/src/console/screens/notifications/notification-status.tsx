import type { NotificationStatus } from '../../../../../model/notification-delivery.ts';
import type { UiKey } from '../../i18n/catalogue.ts';

/** The console's word for a status now, the site list's own (`status.*`), and its badge class. */
export function statusKey(status: NotificationStatus): UiKey {
  return `status.${status}`;
}

export function StatusBadge({ status, label }: { status: NotificationStatus; label: string }) {
  return (
    <span className={`badge badge-${status}`} data-status={status}>
      {label}
    </span>
  );
}
