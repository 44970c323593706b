import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts, sites } from './schema.ts';
import { currentTime } from './dialect-sql.ts';

/** Tables of the ways in from outside the console: API keys, and the custom domains a site is reached on. */

const at = (name: string) => integer(name, { mode: 'timestamp_ms' }).notNull().default(currentTime);

/**
 * An account's API keys (B §2 "API generation"). The key itself is never stored: only the
 * SHA-256 of its random secret (`secret_hash`), which finds the row, and its first characters
 * (`hint`) to tell keys apart on screen.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** model/api-key.ts apiKeyScopeSchema: read or read-write. */
    scope: text('scope').notNull(),
    /** Hex SHA-256 of the whole key. */
    secretHash: text('secret_hash').notNull(),
    hint: text('hint').notNull(),
    /** Addresses and CIDR ranges the key is let in from; null: any. */
    allowedIps: text('allowed_ips', { mode: 'json' }).$type<string[]>(),
    /** Basic-auth ID, unique among keys; null: the key takes no basic auth. */
    basicId: text('basic_id'),
    /** argon2id PHC of the basic-auth password. */
    basicPasswordHash: text('basic_password_hash'),
    createdAt: at('created_at'),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('api_keys_account').on(table.accountId), uniqueIndex('api_keys_secret').on(table.secretHash), uniqueIndex('api_keys_basic_id').on(table.basicId)],
);

/**
 * A site's custom domain and where its verification stands (B §4: saved → verifying →
 * connected, misconfigured, failed). One per site; a domain belongs to one site, which the
 * unique index decides even when two owners save one name at once.
 */
export const siteDomains = sqliteTable(
  'site_domains',
  {
    siteId: text('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Lower case. */
    domain: text('domain').notNull(),
    /** The value the TXT record `_swipegrid.{domain}` must hold. */
    token: text('token').notNull(),
    /** model/domain.ts domainStateSchema. */
    state: text('state').notNull(),
    savedAt: at('saved_at'),
    /** When the current verification began: it gives up 72 hours later. */
    verifyStartedAt: integer('verify_started_at', { mode: 'timestamp_ms' }),
    /** When the poller checks next; null when nothing is to be checked (saved, connected, failed). */
    nextCheckAt: integer('next_check_at', { mode: 'timestamp_ms' }),
    checks: integer('checks').notNull().default(0),
    lastCheckedAt: integer('last_checked_at', { mode: 'timestamp_ms' }),
    /** What the last check found (model/domain.ts domainCheckSchema). */
    lastCheck: text('last_check', { mode: 'json' }),
    connectedAt: integer('connected_at', { mode: 'timestamp_ms' }),
  },
  (table) => [uniqueIndex('site_domains_domain').on(table.domain), index('site_domains_next_check').on(table.nextCheckAt)],
);
