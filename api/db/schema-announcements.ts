import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './schema.ts';
import { currentTime } from './dialect-sql.ts';

/**
 * What the platform tells its own users in the console (B §2 latest information and system
 * notifications, B §3 "News / notification"): one table for both kinds, which share every field.
 */
export const announcements = sqliteTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    /** 'news' (latest information) or 'system' (system notification). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull().default(''),
    distributionSite: text('distribution_site').notNull().default(''),
    content: text('content').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    /** PUBLISHED, UNPUBLISHED or DRAFT; expired is read from the end date. */
    status: text('status').notNull(),
    /** INSTANT or SCHEDULED. */
    publicationMode: text('publication_mode').notNull(),
    /** ISO date-times; an instant one's start is when it was saved published. */
    startDate: text('start_date'),
    endDate: text('end_date'),
    /** JSON array of model/announcement.ts receivers. */
    receivers: text('receivers', { mode: 'json' }).notNull(),
    createdBy: text('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(currentTime),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('announcements_kind').on(table.kind)],
);

/** Who has read which system notification (B §7 `mark_as_read`): one row each, so marking twice changes nothing. */
export const announcementReads = sqliteTable(
  'announcement_reads',
  {
    announcementId: text('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    readAt: integer('read_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.accountId] }), index('announcement_reads_account').on(table.accountId)],
);
