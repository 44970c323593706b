import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { notificationDateIssues, notificationStatus, toStoredNotification, type NotificationInput, type NotificationView } from '../../model/notification-delivery.ts';
import { keptTranslations } from '../../model/notification-texts.ts';
import { siteSettingsSchema, type Notification, type SiteSettings } from '../../model/site.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';

/**
 * A site's visitor notifications, kept in its settings (`settings.notifications`) where the
 * banner's visitor call already reads them, so a change shows without a republish. Each change
 * reads and writes the settings inside one synchronous transaction: two saves at once cannot
 * lose one another's notification.
 */

async function readNotifications(db: Db, siteId: string): Promise<Notification[]> {
  const row = await db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId)).get();
  if (!row) throw notFound('siteNotFound');
  return siteSettingsSchema.parse(row.settings).notifications;
}

async function writeNotifications(db: Db, siteId: string, change: (current: Notification[], settings: SiteSettings) => Notification[]): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await tx.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId)).get();
    if (!row) throw notFound('siteNotFound');
    const settings = siteSettingsSchema.parse(row.settings);
    await tx
      .update(sites)
      .set({ settings: { ...settings, notifications: change(settings.notifications, settings) }, updatedAt: new Date() })
      .where(eq(sites.id, siteId))
      .run();
  });
}

function toNotificationView(notification: Notification, now: Date): NotificationView {
  return { ...notification, shownStatus: notificationStatus(notification, now) };
}

/** The site's notifications with their status at `now`, newest created first. */
export async function listNotifications(db: Db, siteId: string, now: Date): Promise<NotificationView[]> {
  return (await readNotifications(db, siteId)).map((notification) => toNotificationView(notification, now)).reverse();
}

export async function findNotification(db: Db, siteId: string, notificationId: string, now: Date): Promise<NotificationView> {
  const found = (await readNotifications(db, siteId)).find((notification) => notification.id === notificationId);
  if (!found) throw notFound('notificationNotFound');
  return toNotificationView(found, now);
}

/** The date rules against the server's clock (the schema checked the rest): the end must lie ahead of `now`. */
function assertDates(input: NotificationInput, now: Date): void {
  const issues = notificationDateIssues(input, now);
  if (issues.length > 0) throw new AppError('validation', issues[0]!.key, { issues: issues.map((issue) => ({ path: [issue.path], key: issue.key, values: {} })) });
}

/** Creates a notification (no id) or replaces one whole; 404 for an id the site does not have. */
export async function saveNotification(db: Db, siteId: string, input: NotificationInput, now: Date, notificationId?: string): Promise<NotificationView> {
  assertDates(input, now);
  const id = notificationId ?? randomUUID();
  let saved: Notification | undefined;
  await writeNotifications(db, siteId, (current, settings) => {
    // The base texts are the default language's: a translation into it, or a blank one, is not kept.
    input = { ...input, translations: keptTranslations(input.translations, settings.defaultLanguage) };
    if (!notificationId) {
      saved = toStoredNotification(id, input, now);
      return [...current, saved];
    }
    const index = current.findIndex((notification) => notification.id === notificationId);
    if (index < 0) throw notFound('notificationNotFound');
    saved = toStoredNotification(id, input, now, current[index]);
    return current.map((notification, at) => (at === index ? saved! : notification));
  });
  return toNotificationView(saved!, now);
}

export async function deleteNotification(db: Db, siteId: string, notificationId: string): Promise<void> {
  await writeNotifications(db, siteId, (current) => {
    if (!current.some((notification) => notification.id === notificationId)) throw notFound('notificationNotFound');
    return current.filter((notification) => notification.id !== notificationId);
  });
}
