import { z } from 'zod';
import { dateRangeIssue } from './date-range.ts';
import { isWithinWindow } from './date-window.ts';
import { siteNotificationShape, type Notification } from './site.ts';

/**
 * A site's visitor notifications as the owner manages them (B §2 `notification-delivery/{siteId}`,
 * B §3 "News / notification", B §4 states). They are stored in the site's settings, so the
 * viewer's banner reads them without a republish.
 */

/** What the list and detail screens show: the owner's three states, and expired once the end has passed. */
export const notificationStatusSchema = z.enum(['published', 'unpublished', 'draft', 'expired']);
export type NotificationStatus = z.output<typeof notificationStatusSchema>;

/**
 * The status a notification has at `now`: expired once its end date has passed (the end itself is
 * still inside the window), whatever the owner chose; else the owner's choice.
 * @example notificationStatus({ status: 'PUBLISHED', endDate: '2020-01-01T00:00:00Z' }, new Date()) // 'expired'
 */
export function notificationStatus(notification: Pick<Notification, 'status' | 'endDate'>, now: Date): NotificationStatus {
  if (notification.endDate && Date.parse(notification.endDate) < now.getTime()) return 'expired';
  return notification.status === 'PUBLISHED' ? 'published' : notification.status === 'UNPUBLISHED' ? 'unpublished' : 'draft';
}

/** Whether the banner shows it at `now`: published and inside its window, both ends included. */
export function isDelivered(notification: Pick<Notification, 'status' | 'startDate' | 'endDate'>, now: Date): boolean {
  return notification.status === 'PUBLISHED' && isWithinWindow(notification.startDate, notification.endDate, now);
}

/**
 * In how many milliseconds, from `now`, what the banner shows next changes: the nearest start of
 * a published notification not yet on the air, or the moment just after the end of one that is.
 * Null when nothing will change. The viewer asks again then, so a page left open shows a
 * notification exactly inside its window; a delay (not a date) keeps the server's clock the only one.
 * @example nextWindowChangeMs([{ status: 'PUBLISHED', startDate: '2030-01-01T00:00:10Z', endDate: null }], new Date('2030-01-01T00:00:00Z')) // 10000
 */
export function nextWindowChangeMs(notifications: readonly Pick<Notification, 'status' | 'startDate' | 'endDate'>[], now: Date): number | null {
  const at = now.getTime();
  let next: number | null = null;
  for (const notification of notifications) {
    if (notification.status !== 'PUBLISHED') continue;
    const start = notification.startDate ? Date.parse(notification.startDate) : null;
    const end = notification.endDate ? Date.parse(notification.endDate) : null;
    const change = start !== null && start > at ? start : end !== null && end >= at ? end + 1 : null;
    if (change !== null && (next === null || change < next)) next = change;
  }
  return next === null ? null : next - at;
}

type DatesInput = { publicationMode: 'INSTANT' | 'SCHEDULED'; startDate: string | null; endDate: string | null };

/**
 * The date rules of a notification's form (B §5), at `now` when given: a scheduled one needs a
 * start, and with a start an end after it and later than now; an instant one starts at once, so
 * only an end it has must lie ahead. Each issue names its field.
 */
export function notificationDateIssues(input: DatesInput, now?: Date): { path: 'startDate' | 'endDate'; key: 'startDateRequired' | 'invalidDateRange' }[] {
  if (input.publicationMode === 'SCHEDULED') {
    if (!input.startDate) return [{ path: 'startDate', key: 'startDateRequired' }];
    const key = dateRangeIssue(input.startDate, input.endDate, now);
    return key ? [{ path: 'endDate', key }] : [];
  }
  if (input.endDate && now && Date.parse(input.endDate) <= now.getTime()) return [{ path: 'endDate', key: 'invalidDateRange' }];
  return [];
}

/** What an owner sends to create or replace a notification; the id and dates of record are the server's. */
export const notificationInputSchema = z.object(siteNotificationShape).superRefine((input, ctx) => {
  for (const issue of notificationDateIssues(input)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.key });
});
export type NotificationInput = z.output<typeof notificationInputSchema>;

/** A notification as the back office reads it: stored fields plus its status now. */
export const notificationViewSchema = z.object({ id: z.string(), ...siteNotificationShape, shownStatus: notificationStatusSchema });
export type NotificationView = z.output<typeof notificationViewSchema>;

/**
 * The stored form of what an owner sent: an instant notification starts when it is saved
 * published (kept if it had started already), so its start is a date of record, not typed.
 */
export function toStoredNotification(id: string, input: NotificationInput, now: Date, previous?: Notification): Notification {
  if (input.publicationMode === 'SCHEDULED') return { id, ...input };
  const startedBefore = previous?.publicationMode === 'INSTANT' && previous.status === 'PUBLISHED' && previous.startDate ? previous.startDate : null;
  const startDate = input.status === 'PUBLISHED' ? (startedBefore ?? now.toISOString()) : null;
  return { id, ...input, startDate };
}
