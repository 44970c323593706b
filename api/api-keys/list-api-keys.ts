import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { apiKeys } from '../db/schema-access.ts';
import { toApiKeyView } from './api-key-view.ts';

/** An account's keys, newest first. */
export async function listApiKeys(db: Db, accountId: string) {
  return (await db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(desc(apiKeys.createdAt)).all()).map(toApiKeyView);
}
