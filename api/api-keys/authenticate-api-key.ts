import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { apiKeyScopeSchema, type ApiKeyScope } from '../../model/api-key.ts';
import type { Db } from '../db/open-database.ts';
import { apiKeys } from '../db/schema-access.ts';
import { AppError } from '../http/errors.ts';
import { forgetAttempts, releaseAttempt, reserveAttempts } from '../identity/attempt-counter.ts';
import { THROTTLE } from '../identity/login-throttle.ts';
import { timingDummyHash, verifyPassword } from '../identity/password.ts';
import type { ApiKeyRow } from './api-key-view.ts';
import { clientAllowed } from './client-allowed.ts';
import { hashKeySecret } from './key-secret.ts';

/** What an `Authorization` header offers: a key (`Bearer`) or a key's basic-auth ID and password (`Basic`). */
export type ApiCredential = { kind: 'bearer'; key: string } | { kind: 'basic'; id: string; password: string };

/** The account a key acts as, and within what. */
export type KeyCaller = { keyId: string; accountId: string; scope: ApiKeyScope };

/** Wrong basic-auth passwords one key's ID takes in THROTTLE's window before it is locked for a while. */
const BASIC_ATTEMPTS_PER_ID = 10;

/** Reads the `Authorization` header; null without one. A header of another scheme is no key: 401. */
export function apiCredential(header: string | undefined): ApiCredential | null {
  if (!header) return null;
  const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return { kind: 'bearer', key: value };
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return { kind: 'basic', id: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }
  throw new AppError('unauthenticated', 'apiKeyInvalid');
}

/** A basic-auth ID and password, counted like a login per ID and per address before the slow hash. */
async function basicKey(db: Db, id: string, password: string, ip: string): Promise<ApiKeyRow | undefined> {
  const limits = [
    { key: `api-basic:${id}`, limit: BASIC_ATTEMPTS_PER_ID },
    { key: `ip:${ip}`, limit: THROTTLE.perIp },
  ];
  const { allowed, reservations } = await reserveAttempts(db, limits, THROTTLE);
  if (!allowed) throw new AppError('too_many_requests', 'tooManyAttempts');
  const row = await db.select().from(apiKeys).where(eq(apiKeys.basicId, id)).get();
  const matches = await verifyPassword(password, row?.basicPasswordHash ?? (await timingDummyHash()));
  if (!row || !matches) return undefined;
  await db.transaction(async (tx) => {
    await forgetAttempts(tx, `api-basic:${id}`);
    await releaseAttempt(tx, reservations[1]!, THROTTLE.perIp);
  });
  return row;
}

/**
 * The key a request's credential opens, checked: unknown or revoked → 401; from an address
 * outside its list → 403 `ipNotAllowed`. Its last use moves forward only (one conditional
 * update), so parallel requests never move it back.
 */
export async function authenticateApiKey(db: Db, credential: ApiCredential, clientAddress: string, now = new Date()): Promise<KeyCaller> {
  const row =
    credential.kind === 'bearer'
      ? await db
          .select()
          .from(apiKeys)
          .where(eq(apiKeys.secretHash, hashKeySecret(credential.key)))
          .get()
      : await basicKey(db, credential.id, credential.password, clientAddress);
  if (!row || row.revokedAt) throw new AppError('unauthenticated', 'apiKeyInvalid');
  if (row.allowedIps && !clientAllowed(row.allowedIps, clientAddress)) throw new AppError('forbidden', 'ipNotAllowed');
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now))))
    .run();
  return { keyId: row.id, accountId: row.accountId, scope: apiKeyScopeSchema.parse(row.scope) };
}
