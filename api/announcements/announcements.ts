import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { receiverSchema, type AnnouncementInput, type AnnouncementKind, type AnnouncementView, type ReceivedAnnouncement, type Receiver } from '../../model/announcement.ts';
import { isDelivered, notificationDateIssues, notificationStatus, type NotificationStatus } from '../../model/notification-delivery.ts';
import type { Db } from '../db/open-database.ts';
import { announcementReads, announcements } from '../db/schema-announcements.ts';
import { AppError, notFound } from '../http/errors.ts';

type Row = typeof announcements.$inferSelect;

// Stored as text: read back through the same enums, a value the schema never wrote falls back to the safest.
const statusColumn = z.enum(['PUBLISHED', 'UNPUBLISHED', 'DRAFT']).catch('DRAFT');
const modeColumn = z.enum(['INSTANT', 'SCHEDULED']).catch('INSTANT');

function receiversOf(row: Row): Receiver[] {
  return receiverSchema.array().catch([]).parse(row.receivers);
}

function fields(row: Row) {
  return {
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    newsUrl: row.link,
    status: statusColumn.parse(row.status),
    publicationMode: modeColumn.parse(row.publicationMode),
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

function toView(row: Row, now: Date): AnnouncementView {
  const shown = fields(row);
  return {
    id: row.id,
    kind: row.kind === 'system' ? 'system' : 'news',
    ...shown,
    distributionSite: row.distributionSite,
    receivers: receiversOf(row),
    shownStatus: notificationStatus(shown, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The kind's announcements, newest first, with their status at `now`, filtered by it. */
export async function listAnnouncements(db: Db, kind: AnnouncementKind, status: NotificationStatus | 'all', now: Date): Promise<AnnouncementView[]> {
  return (await db.select().from(announcements).where(eq(announcements.kind, kind)).orderBy(desc(announcements.createdAt), desc(announcements.id)).all())
    .map((row) => toView(row, now))
    .filter((view) => status === 'all' || view.shownStatus === status);
}

async function findRow(db: Db, kind: AnnouncementKind, id: string): Promise<Row> {
  const row = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.kind, kind), eq(announcements.id, id)))
    .get();
  if (!row) throw notFound('announcementNotFound');
  return row;
}

export async function findAnnouncement(db: Db, kind: AnnouncementKind, id: string, now: Date): Promise<AnnouncementView> {
  return toView(await findRow(db, kind, id), now);
}

/**
 * Creates (no id) or replaces one. The date rules are checked against the server's clock; an
 * instant one starts when it is saved published (kept if it had started already), as a site's
 * notifications do (model/notification-delivery.ts).
 */
export async function saveAnnouncement(db: Db, kind: AnnouncementKind, input: AnnouncementInput, options: { now: Date; by: string; id?: string }): Promise<AnnouncementView> {
  const { now } = options;
  const issues = notificationDateIssues(input, now);
  if (issues.length > 0) throw new AppError('validation', issues[0]!.key, { issues: issues.map((issue) => ({ path: [issue.path], key: issue.key, values: {} })) });
  const previous = options.id ? await findRow(db, kind, options.id) : undefined;
  const startedBefore = previous?.publicationMode === 'INSTANT' && previous.status === 'PUBLISHED' ? previous.startDate : null;
  const startDate = input.publicationMode === 'SCHEDULED' ? input.startDate : input.status === 'PUBLISHED' ? (startedBefore ?? now.toISOString()) : null;
  const values = {
    title: input.title,
    content: input.content,
    imageUrl: input.imageUrl,
    link: input.newsUrl,
    distributionSite: input.distributionSite,
    status: input.status,
    publicationMode: input.publicationMode,
    startDate,
    endDate: input.endDate,
    receivers: input.receivers,
  };
  const row = previous
    ? await db
        .update(announcements)
        .set({ ...values, updatedAt: now })
        .where(eq(announcements.id, previous.id))
        .returning()
        .get()
    : await db
        .insert(announcements)
        .values({ id: randomUUID(), kind, ...values, createdBy: options.by, createdAt: now })
        .returning()
        .get();
  return toView(row, now);
}

export async function deleteAnnouncement(db: Db, kind: AnnouncementKind, id: string): Promise<void> {
  await db
    .delete(announcements)
    .where(eq(announcements.id, (await findRow(db, kind, id)).id))
    .run();
}

/** What `receiver` gets of a kind at `now`: published, inside its window, naming it; newest first. */
async function deliveredRows(db: Db, kind: AnnouncementKind, receiver: Receiver | null, now: Date): Promise<Row[]> {
  if (receiver === null) return [];
  return (
    await db
      .select()
      .from(announcements)
      .where(and(eq(announcements.kind, kind), eq(announcements.status, 'PUBLISHED')))
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .all()
  ).filter((row) => receiversOf(row).includes(receiver) && isDelivered(fields(row), now));
}

/** The caller's inbox of a kind: each marked read or not (news is never marked, so it counts as read). */
export async function receivedAnnouncements(
  db: Db,
  kind: AnnouncementKind,
  reader: { accountId: string; receiver: Receiver | null },
  now: Date,
): Promise<{ items: ReceivedAnnouncement[]; unreadCount: number }> {
  const rows = await deliveredRows(db, kind, reader.receiver, now);
  const read = new Set(
    rows.length === 0
      ? []
      : (
          await db
            .select({ id: announcementReads.announcementId })
            .from(announcementReads)
            .where(
              and(
                eq(announcementReads.accountId, reader.accountId),
                inArray(
                  announcementReads.announcementId,
                  rows.map((row) => row.id),
                ),
              ),
            )
            .all()
        ).map((entry) => entry.id),
  );
  const items = rows.map((row) => ({
    id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    newsUrl: row.link,
    distributionSite: row.distributionSite,
    startDate: row.startDate,
    read: kind === 'news' || read.has(row.id),
  }));
  return { items, unreadCount: items.filter((item) => !item.read).length };
}

/**
 * Marks system notifications read for one account. Only the ids it receives now count: marking
 * one meant for another receiver, or not on the air, leaves no trace. One row per pair, so
 * marking twice (or twice at once) changes nothing more.
 */
export async function markRead(db: Db, reader: { accountId: string; receiver: Receiver | null }, ids: readonly string[], now: Date): Promise<number> {
  const wanted = new Set(ids);
  const mine = (await deliveredRows(db, 'system', reader.receiver, now)).filter((row) => wanted.has(row.id));
  if (mine.length > 0)
    await db
      .insert(announcementReads)
      .values(mine.map((row) => ({ announcementId: row.id, accountId: reader.accountId, readAt: now })))
      .onConflictDoNothing()
      .run();
  return (await receivedAnnouncements(db, 'system', reader, now)).unreadCount;
}
