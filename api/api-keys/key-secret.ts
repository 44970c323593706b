import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '../../model/api-key.ts';

/** Characters of a key shown in lists to tell keys apart: the prefix and 8 of its 43 random ones. */
const HINT_LENGTH = API_KEY_PREFIX.length + 8;

/**
 * A new key: `sgk_` and 32 random bytes in base64url (256 bits). Only its SHA-256 is stored:
 * a key this random cannot be guessed from its hash, so a slow password hash would only cost
 * every request time (docs/decisions.md, "API keys").
 */
export function newKeySecret(): { key: string; hash: string; hint: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashKeySecret(key), hint: key.slice(0, HINT_LENGTH) };
}

export function hashKeySecret(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
