import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { currentTime } from './dialect-sql.ts';

/**
 * Structure that queries filter on gets columns; what only travels whole (a page's content,
 * a site's settings, per-language texts) is JSON validated by model/ on the way in and out.
 */

const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(currentTime);

/**
 * Back-office accounts in one tree (spec §1): the platform above OEM masters, OEM masters above
 * their admins and users, any account above its sub-admins. The contract fields live here too.
 */
export const accounts = sqliteTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** PHC argon2id string; '' until an invited account sets its password. */
    passwordHash: text('password_hash').notNull(),
    /** model/account.ts accountTypeSchema. */
    accountType: text('account_type').notNull(),
    parentId: text('parent_id').references((): AnySQLiteColumn => accounts.id),
    companyName: text('company_name').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    /** schema-identity.ts plans.id; null inherits the nearest ancestor's plan (none at all: no limits). */
    planId: text('plan_id'),
    /** YYYY-MM-DD. */
    contractStart: text('contract_start'),
    contractExpiry: text('contract_expiry'),
    contractState: text('contract_state').notNull().default('active'),
    authority: text('authority').notNull().default('edit'),
    licenseIssued: integer('license_issued', { mode: 'boolean' }).notNull().default(false),
    logoUrl: text('logo_url').notNull().default(''),
    /** Set for accounts whose first password someone else chose: the first login must change it. */
    mustChangePassword: integer('must_change_password', { mode: 'boolean' }).notNull().default(false),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    /** Nullable: SQLite cannot add a column with a computed default to a table that has rows. */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (table) => [uniqueIndex('accounts_email').on(table.email), index('accounts_parent').on(table.parentId)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the secret in the cookie; the secret itself is never stored. */
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_account').on(table.accountId)],
);

export const sites = sqliteTable(
  'sites',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** settings.handle, the first label of the site's own origin; unique, so two sites can never claim one. Null only until openDatabase derives it. */
    handle: text('handle'),
    status: text('status').notNull().default('draft'),
    numberHorizontal: integer('number_horizontal').notNull(),
    numberVertical: integer('number_vertical').notNull(),
    /** siteSettingsSchema minus the columns above, as JSON. */
    settings: text('settings', { mode: 'json' }).notNull(),
    /** Texts of languages other than the default (seo, company), keyed by language then path. */
    translations: text('translations', { mode: 'json' }).notNull().default(sql`'{}'`),
    liveVersion: integer('live_version'),
    /** Set when a contract's end unpublished the site, so a resumed contract republishes exactly these. */
    unpublishedByContractAt: integer('unpublished_by_contract_at', { mode: 'timestamp_ms' }),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(currentTime),
  },
  (table) => [index('sites_owner').on(table.ownerId), uniqueIndex('sites_handle').on(table.handle)],
);

export const creatives = sqliteTable(
  'creatives',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    columnIndex: integer('column_index').notNull(),
    /** Category name per language: `{ jp: '…', en: '…' }`. */
    name: text('name', { mode: 'json' }).notNull(),
  },
  (table) => [uniqueIndex('creatives_site_column').on(table.siteId, table.columnIndex)],
);

export const pages = sqliteTable(
  'pages',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    creativeId: text('creative_id')
      .notNull()
      .references(() => creatives.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    /** pageContentSchema in the site's default language. */
    content: text('content', { mode: 'json' }).notNull(),
    translations: text('translations', { mode: 'json' }).notNull().default(sql`'{}'`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(currentTime),
  },
  (table) => [uniqueIndex('pages_creative_row').on(table.creativeId, table.row), index('pages_site').on(table.siteId)],
);

export const media = sqliteTable(
  'media',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    ext: text('ext').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('media_site').on(table.siteId)],
);

export const publishes = sqliteTable(
  'publishes',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    version: integer('version'),
    stats: text('stats', { mode: 'json' }),
    error: text('error'),
    /** Why it failed as the owner is told it (a message key and its values), worded in the reader's language. */
    errorKey: text('error_key'),
    errorValues: text('error_values', { mode: 'json' }).$type<Record<string, string | number>>(),
    startedAt: createdAt(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('publishes_site').on(table.siteId)],
);

/**
 * Who is using storage in a way a sweep must respect (api/publishing/storage-lease.ts): publishes
 * hold a `publish` row each, a sweep one `sweep` row that keeps new publishes waiting. A sweep's
 * row stays a while after its release, so an upload can tell whether a sweep overlapped it.
 */
export const storageLeases = sqliteTable('storage_leases', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  /** The holding process: SQLite keeps every holder on one machine, so a row whose process is gone is released at once. */
  pid: integer('pid').notNull(),
  /** A holder renews this while it works; a row past it belongs to a stopped process. */
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  releasedAt: integer('released_at', { mode: 'timestamp_ms' }),
});
