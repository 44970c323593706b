import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of the SQLite schema (api/db/schema*.ts), table for table: it only feeds
 * drizzle-kit the PostgreSQL migrations. Queries are built from the SQLite tables and run on
 * PostgreSQL as they are (open-postgres.ts), so each column stores what the SQLite column's driver
 * value is: ms timestamps and booleans stay integers (bigint, integer 0/1), JSON stays text.
 * dialect-parity.test.ts holds the two equal in meaning.
 */

const ms = (name: string) => bigint(name, { mode: 'number' });
const createdAt = (name = 'created_at') => ms(name).notNull().default(sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`);
const flag = (name: string) => integer(name).notNull().default(0);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    accountType: text('account_type').notNull(),
    parentId: text('parent_id').references((): AnyPgColumn => accounts.id),
    companyName: text('company_name').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    planId: text('plan_id'),
    contractStart: text('contract_start'),
    contractExpiry: text('contract_expiry'),
    contractState: text('contract_state').notNull().default('active'),
    authority: text('authority').notNull().default('edit'),
    licenseIssued: flag('license_issued'),
    logoUrl: text('logo_url').notNull().default(''),
    mustChangePassword: flag('must_change_password'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: ms('updated_at'),
  },
  (table) => [uniqueIndex('accounts_email').on(table.email), index('accounts_parent').on(table.parentId)],
);

export const announcements = pgTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull().default(''),
    distributionSite: text('distribution_site').notNull().default(''),
    content: text('content').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    status: text('status').notNull(),
    publicationMode: text('publication_mode').notNull(),
    startDate: text('start_date'),
    endDate: text('end_date'),
    receivers: text('receivers').notNull(),
    createdBy: text('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ms('updated_at'),
  },
  (table) => [index('announcements_kind').on(table.kind)],
);

export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: text('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    readAt: ms('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.accountId] }), index('announcement_reads_account').on(table.accountId)],
);
