import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sites } from './schema.ts';
import { currentTime, nextId } from './dialect-sql.ts';

/**
 * What visitors of published sites create: members and their sessions, form entries, survey
 * answers, counters and analytics events. Everything here is scoped to one site.
 */

const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(currentTime);
const siteId = () =>
  text('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

/** A member of one site: the same email on two sites is two members. */
export const endUsers = sqliteTable(
  'end_users',
  {
    id: text('id').primaryKey(),
    siteId: siteId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The membership form's other fields, as sent. */
    profile: text('profile', { mode: 'json' }).notNull().default(sql`'{}'`),
    lang: text('lang').notNull(),
    createdAt: createdAt(),
  },
  // Newest first per site: the owner's member list and its CSV export read in this order.
  (table) => [uniqueIndex('end_users_site_email').on(table.siteId, table.email), index('end_users_site_time').on(table.siteId, table.createdAt, table.id)],
);

/** A registration waiting for its emailed link; one per site and email, the latest wins. */
export const endUserRegistrations = sqliteTable(
  'end_user_registrations',
  {
    id: text('id').primaryKey(),
    siteId: siteId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile', { mode: 'json' }).notNull().default(sql`'{}'`),
    lang: text('lang').notNull(),
    /** SHA-256 of the secret in the emailed link. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('end_user_registrations_site_email').on(table.siteId, table.email), uniqueIndex('end_user_registrations_token').on(table.tokenHash)],
);

/** A member's bearer token (SHA-256 of it); valid only on its own site. */
export const endUserSessions = sqliteTable(
  'end_user_sessions',
  {
    id: text('id').primaryKey(),
    endUserId: text('end_user_id')
      .notNull()
      .references(() => endUsers.id, { onDelete: 'cascade' }),
    siteId: siteId(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('end_user_sessions_user').on(table.endUserId)],
);

/** A member's emailed link to set a new password: one per member, the latest wins; used once. */
export const endUserPasswordResets = sqliteTable(
  'end_user_password_resets',
  {
    /** SHA-256 of the secret in the emailed link. */
    tokenHash: text('token_hash').primaryKey(),
    endUserId: text('end_user_id')
      .notNull()
      .references(() => endUsers.id, { onDelete: 'cascade' }),
    siteId: siteId(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('end_user_password_resets_user').on(table.endUserId)],
);

/** A contact or custom-form (homepage) submission. Stored before the owner is notified, so a failed email loses nothing. */
export const formEntries = sqliteTable(
  'form_entries',
  {
    id: text('id').primaryKey(),
    siteId: siteId(),
    formType: text('form_type').notNull(),
    lang: text('lang').notNull(),
    mode: text('mode'),
    data: text('data', { mode: 'json' }).notNull(),
    notifiedAt: integer('notified_at', { mode: 'timestamp_ms' }),
    notifyError: text('notify_error'),
    createdAt: createdAt(),
  },
  // Newest first per site and form: the owner's entry lists and their CSV export read in this order.
  (table) => [index('form_entries_site_time').on(table.siteId, table.formType, table.createdAt, table.id)],
);

export const surveys = sqliteTable(
  'surveys',
  {
    id: text('id').primaryKey(),
    siteId: siteId(),
    /** surveySchema minus id, as JSON. */
    content: text('content', { mode: 'json' }).notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(currentTime),
  },
  (table) => [index('surveys_site').on(table.siteId)],
);

export const surveyResponses = sqliteTable(
  'survey_responses',
  {
    id: text('id').primaryKey(),
    surveyId: text('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    siteId: siteId(),
    email: text('email').notNull(),
    answers: text('answers', { mode: 'json' }).notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('survey_responses_survey').on(table.surveyId)],
);

/** Applicants counted by the API for an applicant-limited popup, on top of the numberClicks its settings hold. */
export const popupCtaCounters = sqliteTable(
  'popup_cta_counters',
  {
    siteId: siteId(),
    popupId: text('popup_id').notNull(),
    clicks: integer('clicks').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.popupId] })],
);

/** Clicks on a campaign button or banner counted by the API, on top of the clickCount its settings hold. */
export const campaignClicks = sqliteTable(
  'campaign_clicks',
  {
    siteId: siteId(),
    itemId: text('item_id').notNull(),
    clicks: integer('clicks').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.itemId] })],
);

/**
 * The raw analytics events (model/visitor-event.ts), one row each, narrow and typed: the columns
 * an event type does not use are null. Reports never read this table; the hourly rollups do. No
 * foreign key: rows are written in batches, and a site deleted meanwhile must not fail a batch.
 */
export const visitorEvents = sqliteTable(
  'visitor_events',
  {
    /** Numbered by the database in insert order (`nextId`: drizzle would otherwise write NULL, which PostgreSQL's identity refuses). */
    id: integer('id')
      .primaryKey({ autoIncrement: true })
      .$defaultFn(() => nextId),
    siteId: text('site_id').notNull(),
    /** visitorEventTypeSchema: landing, slide_page, exit, dwell, click_*, registration, form_submit, contact, tap. */
    kind: text('kind').notNull(),
    /** The position code of the cell it happened on; for a move, the cell moved from. */
    cell: text('cell').notNull(),
    /** A move's destination cell. */
    toCell: text('to_cell'),
    /** The page of `cell` (of `to_cell` for a move). */
    pageId: text('page_id'),
    /** A move's direction (left, right, up, down); an exit's, or `leave`. */
    direction: text('direction'),
    /** A dwell's milliseconds. */
    value: integer('value'),
    /** A tap's bin on the 15 × 30 grid over the 375 × 739 frame. */
    tapX: integer('tap_x'),
    tapY: integer('tap_y'),
    /** The button, link area, product, popup or campaign item clicked. */
    targetId: text('target_id'),
    /** A click_sns's network (snsTypeSchema). */
    snsType: text('sns_type'),
    /** A landing's referring host and UTM parameters. */
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** The sessionId cookie, or cookieless the day's salted hash (docs/decisions.md, "What analytics stores about a visitor"). */
    sessionId: text('session_id').notNull(),
    /** One visit: a session's events with no gap over 30 minutes, derived by the server. */
    visitId: text('visit_id').notNull(),
    /** The variationId and experimentId cookies, when the site host set them. */
    variationId: text('variation_id'),
    experimentId: text('experiment_id'),
    lang: text('lang'),
    /** deviceClass of the user agent: mobile, tablet, desktop, unknown. */
    device: text('device').notNull(),
    occurredAt: integer('occurred_at', { mode: 'timestamp_ms' }).notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * The transaction that wrote it: on PostgreSQL `pg_current_xact_id()`, set by a trigger
     * (pg/migrations/0007_event-xact-trigger.sql), by which the analytics fold tells the events a
     * snapshot sees from those committed after it (api/analytics/fold-position.ts); 0 on SQLite,
     * whose single writer commits ids in order.
     */
    xactId: integer('xact_id').notNull().default(0),
  },
  (table) => [index('visitor_events_site_time').on(table.siteId, table.occurredAt), index('visitor_events_xact').on(table.xactId, table.id)],
);

/**
 * Cookieless counting's daily salts (one per UTC day): a visitor id is a hash of the day's salt,
 * the site, the address and the user agent. A salt is deleted 48 hours after its day began, so
 * no id can be recomputed from an address afterwards.
 */
export const analyticsSalts = sqliteTable('analytics_salts', {
  /** The UTC day, YYYY-MM-DD. */
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
  createdAt: createdAt(),
});

/** Server-side secrets made on first use (the key that signs members-only media links). */
export const serverSecrets = sqliteTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
