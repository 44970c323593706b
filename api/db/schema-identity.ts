import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts } from './schema.ts';
import { currentTime } from './dialect-sql.ts';

/** Tables of the back-office identity: plans, admin lists, contract history, password tokens, login throttling. */

const at = (name: string) => integer(name, { mode: 'timestamp_ms' }).notNull().default(currentTime);

export const plans = sqliteTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  tier: text('tier').notNull(),
  multilingual: integer('multilingual', { mode: 'boolean' }).notNull(),
  /** Monthly fee in yen excluding tax. */
  price: integer('price').notNull(),
  quantitySwipe: integer('quantity_swipe').notNull(),
  quantitySite: integer('quantity_site').notNull(),
  limitAccess: integer('limit_access').notNull(),
  limitAccessPrice: integer('limit_access_price').notNull(),
  /** The media an account's sites may hold, in MB; seedPlans writes each tier's figure at start. */
  storageQuotaMb: integer('storage_quota_mb').notNull().default(1024),
  /** The longest video an upload may be, in seconds (model/constants.ts DEFAULT_VIDEO_SECONDS). */
  maxVideoSeconds: integer('max_video_seconds').notNull().default(600),
  swipe: integer('swipe', { mode: 'boolean' }).notNull(),
  privateDomain: integer('private_domain', { mode: 'boolean' }).notNull(),
  settingPopupCta: integer('setting_popup_cta', { mode: 'boolean' }).notNull(),
  settingFormContact: integer('setting_form_contact', { mode: 'boolean' }).notNull(),
  analyticsEffect: integer('analytics_effect', { mode: 'boolean' }).notNull(),
  settingTagSeo: integer('setting_tag_seo', { mode: 'boolean' }).notNull(),
  multiLanguage: integer('multi_language', { mode: 'boolean' }).notNull(),
  /** Null: the platform's catalogue; an OEM master's account id: a plan it sells to its own customers. */
  ownerId: text('owner_id').references((): AnySQLiteColumn => accounts.id, { onDelete: 'cascade' }),
  /** 'active' (offered) | 'archived' (kept for the accounts still on it, offered to nobody). */
  status: text('status').notNull().default('active'),
  /** A plan in use is never edited: a change makes a new row that names the one it replaces. */
  supersedes: text('supersedes').references((): AnySQLiteColumn => plans.id),
  version: integer('version').notNull().default(1),
  /** One-off fee billed in the contract's first month, in yen excluding tax (spec B §1: 100,000). */
  initialFee: integer('initial_fee').notNull().default(100_000),
  /** Monthly fee per issued license, in yen excluding tax. */
  licenseFee: integer('license_fee').notNull().default(0),
  /** The published pages carry the "powered by" footer (the free plan's). */
  poweredBy: integer('powered_by', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }),
});

/**
 * The sub-admins on an account's admin list (spec §3 "Admin") with their name and role. The
 * account itself heads its list as main contact and needs no row.
 */
export const adminMembers = sqliteTable(
  'admin_members',
  {
    memberId: text('member_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    /** model/account.ts adminRoleSchema. */
    role: text('role').notNull(),
  },
  (table) => [index('admin_members_owner').on(table.ownerId)],
);

/** Every contract state change, with who made it and when (spec §2 "contract history"). */
export const contractHistory = sqliteTable(
  'contract_history',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** null for the creation entry. */
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    byAccountId: text('by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    at: at('at'),
  },
  (table) => [index('contract_history_account').on(table.accountId)],
);

/** Single-use tokens of password reset links and invitations; only the SHA-256 of the token is stored. */
export const passwordTokens = sqliteTable(
  'password_tokens',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 'reset' or 'invite'. */
    purpose: text('purpose').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: at('created_at'),
  },
  (table) => [index('password_tokens_account').on(table.accountId)],
);

/** Failed logins per key (`email:…` or `ip:…`) in the current window; survives a restart. */
export const loginThrottle = sqliteTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
  lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
});

/**
 * An OEM master's custom branding (B §3 "Custom branding": customSite's logoUrl, mainColor,
 * textColor), seen by every account under it, and the admin host it claimed: once DNS proves the
 * OEM controls that host, the console answers there as on the admin origin and shows the branding
 * on its login page. A pending claim holds nothing: several OEMs may claim one name, and the
 * partial unique index lets only one of them be verified, the first to prove it.
 */
export const oemBrandings = sqliteTable(
  'oem_brandings',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    logoUrl: text('logo_url').notNull().default(''),
    mainColor: text('main_color').notNull(),
    textColor: text('text_color').notNull(),
    /** Lower-case host name; null: none. */
    adminHost: text('admin_host'),
    /** The value of the TXT record `_swipegrid.{admin_host}` that proves the claim; new for each name saved. */
    adminHostToken: text('admin_host_token'),
    /** When DNS proved the claim; null while it is pending. Only a verified host is trusted. */
    adminHostVerifiedAt: integer('admin_host_verified_at', { mode: 'timestamp_ms' }),
    updatedAt: at('updated_at'),
  },
  (table) => [uniqueIndex('oem_brandings_verified_admin_host').on(table.adminHost).where(sql`admin_host_verified_at IS NOT NULL`)],
);
