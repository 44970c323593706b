import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { UNSIGNED_SEGMENT } from '../../publisher/private-media.ts';
import type { Db } from '../db/open-database.ts';
import { serverSecrets } from '../db/schema-visitor.ts';

const KEY_NAME = 'private-media';
/** Signed links live at least an hour; rounding the expiry to the hour keeps a URL stable (and cacheable) that long. */
const HOUR = 3600_000;

/** The key that signs members-only media links, made on first use and kept in the database so links survive a restart. */
export async function mediaSigningKey(db: Db): Promise<Buffer> {
  const existing = await db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME)).get();
  if (existing) return Buffer.from(existing.value, 'base64url');
  await db
    .insert(serverSecrets)
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
    .run();
  return Buffer.from((await db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME)).get())!.value, 'base64url');
}

function signature(key: Buffer, siteId: string, sha256: string, expires: number): string {
  return createHmac('sha256', key).update(`${siteId}:${sha256}:${expires}`).digest('base64url');
}

/**
 * Signs every members-only media URL of a site found in `text` (the unsigned placeholder put
 * there at publish time), so an `<img>` can load it without a token: the signature names the
 * site, the image and an expiry between one and two hours away.
 */
export function signMediaUrls(text: string, key: Buffer, siteId: string, now = Date.now()): string {
  const expires = Math.ceil(now / HOUR) * HOUR + HOUR;
  const prefix = `/api/end-user/site/${siteId}/private-media/`;
  const pattern = new RegExp(`${prefix.replace(/[/]/g, '\\/')}${UNSIGNED_SEGMENT}\\/([0-9a-f]{64})\\/`, 'g');
  return text.replace(pattern, (_, sha256: string) => `${prefix}${expires}.${signature(key, siteId, sha256, expires)}/${sha256}/`);
}

/** Whether a signature segment (`{expires}.{signature}`) lets this medium of this site be served now. */
export function verifyMediaSignature(key: Buffer, siteId: string, sha256: string, segment: string, now = Date.now()): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(segment);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires < now) return false;
  const expected = Buffer.from(signature(key, siteId, sha256, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
