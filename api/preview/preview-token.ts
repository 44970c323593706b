import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a preview link works: long enough to look around, short enough that a leaked link dies soon. */
export const PREVIEW_TOKEN_MS = 30 * 60 * 1000;

/**
 * The key both apps share when none is given (tests). The server passes the data folder's own
 * key (preview-key.ts), so its preview links survive a restart.
 */
export const PROCESS_PREVIEW_KEY = randomBytes(32);

const TOKEN = /^([A-Za-z0-9_-]{1,64})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/;

function signature(key: Uint8Array, siteId: string, expires: number): string {
  return createHmac('sha256', key).update(`preview:${siteId}:${expires}`).digest('base64url');
}

/**
 * A preview token for one site: `{siteId}.{expiresMs}.{hmac}`. It goes in the path of the preview
 * on the site origin, so the page, its neighbours' data and its media all carry it without any
 * cookie of the admin's.
 * @example signPreviewToken(key, 'abc', Date.now()) // 'abc.1735689600000.…'
 */
export function signPreviewToken(key: Uint8Array, siteId: string, now: number = Date.now()): { token: string; expiresAt: Date } {
  const expires = now + PREVIEW_TOKEN_MS;
  return { token: `${siteId}.${expires}.${signature(key, siteId, expires)}`, expiresAt: new Date(expires) };
}

/** Whether a token is one this key signed for this site and still in time. */
export function verifyPreviewToken(key: Uint8Array, siteId: string, token: string, now: number = Date.now()): boolean {
  const match = TOKEN.exec(token);
  if (!match || match[1] !== siteId) return false;
  const expires = Number(match[2]);
  if (!(expires > now)) return false;
  const expected = Buffer.from(signature(key, siteId, expires));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
