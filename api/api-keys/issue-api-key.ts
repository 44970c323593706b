import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { MAX_ACTIVE_API_KEYS, type apiKeyInputSchema } from '../../model/api-key.ts';
import type { z } from 'zod';
import type { Db } from '../db/open-database.ts';
import { apiKeys } from '../db/schema-access.ts';
import { isUniqueViolation } from '../db/site-handles.ts';
import { AppError } from '../http/errors.ts';
import { hashPassword } from '../identity/password.ts';
import { toApiKeyView } from './api-key-view.ts';
import { newKeySecret } from './key-secret.ts';

/**
 * The basic-auth ID a key signs in with: the chosen one and a random suffix of the key's own. IDs
 * are platform-wide (a Basic header names no account), so a chosen ID alone would have to be
 * refused when any tenant's key has it, and that answer told every customer which IDs exist.
 */
function basicIdOf(chosen: string): string {
  return `${chosen}.${randomBytes(4).toString('hex')}`;
}

/** A new suffix is drawn when one is already used (about once in four billion keys of one chosen ID). */
const BASIC_ID_TRIES = 3;

/**
 * Issues a key for an account and answers it once, with its view. The count of active keys and
 * the insert are one immediate transaction, so parallel requests cannot pass the limit together.
 */
export async function issueApiKey(db: Db, accountId: string, input: z.output<typeof apiKeyInputSchema>) {
  // The slow hash first, outside the transaction that decides.
  const basicPasswordHash = input.basicAuth.enabled ? await hashPassword(input.basicAuth.password) : null;
  for (let tries = 1; ; tries++) {
    try {
      return await insertKey(db, accountId, input, basicPasswordHash);
    } catch (error) {
      if (!isUniqueViolation(error) || !input.basicAuth.enabled || tries >= BASIC_ID_TRIES) throw error;
    }
  }
}

/** One try: the key's row, with a new secret and, when basic auth is on, a new suffix. */
async function insertKey(db: Db, accountId: string, input: z.output<typeof apiKeyInputSchema>, basicPasswordHash: string | null) {
  const secret = newKeySecret();
  const id = randomUUID();
  const row = await db.transaction(
    async (tx) => {
      const active = await tx
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
        .get();
      if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw new AppError('conflict', 'apiKeyLimit', { values: { max: MAX_ACTIVE_API_KEYS } });
      return await tx
        .insert(apiKeys)
        .values({
          id,
          accountId,
          name: input.name,
          scope: input.scope,
          secretHash: secret.hash,
          hint: secret.hint,
          allowedIps: input.ipRestriction.enabled ? input.ipRestriction.addresses : null,
          basicId: input.basicAuth.enabled ? basicIdOf(input.basicAuth.id) : null,
          basicPasswordHash,
        })
        .returning()
        .get();
    },
    { behavior: 'immediate' },
  );
  return { key: secret.key, apiKey: toApiKeyView(row) };
}
