import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sites } from './schema.ts';
import { currentTime } from './dialect-sql.ts';

/**
 * Shared previews of drafts (B §2 share popup, V §6 preview token). Links carry an id signed with
 * the preview key, never a stored secret; deleting a row is what revokes: every request looks its
 * row up, so a revoked link or invitation, and the preview sessions opened through it, stop at once.
 */

const at = (name: string) => integer(name, { mode: 'timestamp_ms' }).notNull().default(currentTime);

/** A site's one share: revoking all deletes it, and sharing again makes a new id, so old links stay dead. */
export const previewShares = sqliteTable(
  'preview_shares',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Only invited emails' own links open it; the general link does not. */
    isPrivate: integer('is_private', { mode: 'boolean' }).notNull(),
    /** Buttons and link areas are inert in the shared preview (V §5). */
    viewOnly: integer('view_only', { mode: 'boolean' }).notNull(),
    /** PHC argon2id of the passcode; null when no passcode is asked. */
    passwordHash: text('password_hash'),
    /** Moves on every passcode change: a preview session opened with an older passcode is refused. */
    passwordVersion: integer('password_version').notNull().default(0),
    createdAt: at('created_at'),
  },
  (table) => [uniqueIndex('preview_shares_site').on(table.siteId)],
);

/** An invited email with its own link; deleting it revokes that link and its sessions. */
export const previewInvites = sqliteTable(
  'preview_invites',
  {
    id: text('id').primaryKey(),
    shareId: text('share_id')
      .notNull()
      .references(() => previewShares.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: at('created_at'),
  },
  (table) => [uniqueIndex('preview_invites_share_email').on(table.shareId, table.email)],
);

/** A preview opened with the passcode: its id goes in the preview's path, signed, until `expiresAt`. */
export const previewSessions = sqliteTable(
  'preview_sessions',
  {
    id: text('id').primaryKey(),
    shareId: text('share_id')
      .notNull()
      .references(() => previewShares.id, { onDelete: 'cascade' }),
    /** The invitation it was opened through; null for the general link. */
    inviteId: text('invite_id').references(() => previewInvites.id, { onDelete: 'cascade' }),
    passwordVersion: integer('password_version').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: at('created_at'),
  },
  (table) => [index('preview_sessions_share').on(table.shareId)],
);
