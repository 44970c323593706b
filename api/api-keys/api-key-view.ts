import type { ApiKeyView } from '../../model/api-key.ts';
import { apiKeyScopeSchema } from '../../model/api-key.ts';
import type { apiKeys } from '../db/schema-access.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key's row on the wire: never its hash nor its basic-auth password hash. */
export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scope: apiKeyScopeSchema.parse(row.scope),
    hint: row.hint,
    allowedIps: row.allowedIps ?? null,
    basicId: row.basicId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
