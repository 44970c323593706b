import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Structure that queries filter on gets columns; what only travels whole (a page's content,
 * a site's settings, per-language texts) is JSON validated by model/ on the way in and out.
 */

const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  accountType: text('account_type').notNull(),
  createdAt: createdAt(),
}, (table) => [uniqueIndex('accounts_email').on(table.email)]);

export const sessions = sqliteTable('sessions', {
  /** SHA-256 of the secret in the cookie; the secret itself is never stored. */
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  createdAt: createdAt(),
}, (table) => [index('sessions_account').on(table.accountId)]);

export const sites = sqliteTable('sites', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().references(() => accounts.id),
  name: text('name').notNull(),
  status: text('status').notNull().default('draft'),
  numberHorizontal: integer('number_horizontal').notNull(),
  numberVertical: integer('number_vertical').notNull(),
  /** siteSettingsSchema minus the columns above, as JSON. */
  settings: text('settings', { mode: 'json' }).notNull(),
  /** Texts of languages other than the default (seo, company), keyed by language then path. */
  translations: text('translations', { mode: 'json' }).notNull().default(sql`'{}'`),
  liveVersion: integer('live_version'),
  publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
}, (table) => [index('sites_owner').on(table.ownerId)]);

export const creatives = sqliteTable('creatives', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
  columnIndex: integer('column_index').notNull(),
  /** Category name per language: `{ jp: '…', en: '…' }`. */
  name: text('name', { mode: 'json' }).notNull(),
}, (table) => [uniqueIndex('creatives_site_column').on(table.siteId, table.columnIndex)]);

export const pages = sqliteTable('pages', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
  creativeId: text('creative_id').notNull().references(() => creatives.id, { onDelete: 'cascade' }),
  row: integer('row').notNull(),
  /** pageContentSchema in the site's default language. */
  content: text('content', { mode: 'json' }).notNull(),
  translations: text('translations', { mode: 'json' }).notNull().default(sql`'{}'`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
}, (table) => [uniqueIndex('pages_creative_row').on(table.creativeId, table.row), index('pages_site').on(table.siteId)]);

export const media = sqliteTable('media', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
  sha256: text('sha256').notNull(),
  kind: text('kind').notNull(),
  mime: text('mime').notNull(),
  ext: text('ext').notNull(),
  size: integer('size').notNull(),
  originalName: text('original_name').notNull(),
  createdAt: createdAt(),
}, (table) => [index('media_site').on(table.siteId)]);

export const publishes = sqliteTable('publishes', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  version: integer('version'),
  stats: text('stats', { mode: 'json' }),
  error: text('error'),
  startedAt: createdAt(),
  finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
}, (table) => [index('publishes_site').on(table.siteId)]);
