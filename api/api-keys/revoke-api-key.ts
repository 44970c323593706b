import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { apiKeys } from '../db/schema-access.ts';
import { notFound } from '../http/errors.ts';
import { toApiKeyView } from './api-key-view.ts';

/** Revokes one of the account's keys (a second revoke keeps the first instant); another account's key is not found. */
export async function revokeApiKey(db: Db, accountId: string, keyId: string, now = new Date()) {
  const row = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now})` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)))
    .returning()
    .get();
  if (!row) throw notFound('apiKeyNotFound');
  return toApiKeyView(row);
}
