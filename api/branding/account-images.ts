import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LOGO_RECOMMENDED_SIZE, PROFILE_LOGO_SIZE } from '../../model/constants.ts';
import type { Storage } from '../../storage/storage.ts';
import { AppError } from '../http/errors.ts';
import { readSniffHead } from '../sites/read-sniff-head.ts';
import { sniffMedia } from '../sites/sniff-media.ts';

/** Where account images live in the storage: by the hash of the stored (resized) bytes. */
const KEY_PREFIX = 'account-images/';
const NAME = /^[0-9a-f]{64}\.webp$/;

/**
 * A profile picture is cropped to the spec's profile logo (250 × 250, B §9); an OEM logo is fitted
 * within the recommended logo size (250 × 150) and never cropped, its transparency kept.
 */
export type AccountImageKind = 'picture' | 'logo';

/**
 * A decoded image's pixels are capped: a 2 MB PNG of one colour can declare 30 000 × 30 000 pixels,
 * and sharp would hold them all while resizing. Twelve megapixels covers any camera's JPEG of 2 MB.
 */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Stores an uploaded JPG/JPEG/JFIF or PNG (B §5: the profile picture's formats) as a WebP of the
 * account image's size, once per content hash, and answers its URL on the admin origin. What the
 * bytes are is read from them, never from the name; anything else, or an image that does not
 * decode, is refused with the spec's unsupported-format message.
 */
export async function storeAccountImage(storage: Storage, path: string, kind: AccountImageKind): Promise<string> {
  const sniffed = sniffMedia(await readSniffHead(path));
  if (!sniffed || (sniffed.mime !== 'image/png' && sniffed.mime !== 'image/jpeg')) throw new AppError('unsupported_media', 'unsupportedPicture');
  const resized = await resize(path, kind).catch(() => {
    throw new AppError('unsupported_media', 'unsupportedPicture');
  });
  const name = `${createHash('sha256').update(resized).digest('hex')}.webp`;
  if (!(await storage.head(KEY_PREFIX + name))) await storage.put(KEY_PREFIX + name, resized, { contentType: 'image/webp' });
  return accountImageUrl(name);
}

/** The stored image of a name from {@link storeAccountImage}'s URL, or null. */
export async function readAccountImage(storage: Storage, name: string): Promise<{ body: Uint8Array; etag: string } | null> {
  if (!NAME.test(name)) return null;
  const object = await storage.get(KEY_PREFIX + name);
  return object ? { body: object.body, etag: object.etag } : null;
}

function accountImageUrl(name: string): string {
  return `/api/account-image/${name}`;
}

function resize(path: string, kind: AccountImageKind): Promise<Buffer> {
  // rotate() first: a phone's portrait JPEG is stored sideways with an EXIF orientation.
  const image = sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const sized =
    kind === 'picture'
      ? image.resize(PROFILE_LOGO_SIZE.width, PROFILE_LOGO_SIZE.height, { fit: 'cover', position: 'attention' })
      : image.resize(LOGO_RECOMMENDED_SIZE.width, LOGO_RECOMMENDED_SIZE.height, { fit: 'inside', withoutEnlargement: true });
  return sized.webp({ quality: 85 }).toBuffer();
}
