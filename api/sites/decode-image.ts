import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../model/constants.ts';
import { AppError } from '../http/errors.ts';

/**
 * Whether an uploaded image really decodes, every pixel of it, within {@link MAX_IMAGE_PIXELS}:
 * a header alone can declare 16383 × 16383 in 1 MB, or 16000 × 16000 in 248 bytes with no data
 * behind it. The declared size is checked first (refused with a message naming the limit); then
 * the whole image is read through, streaming into an 8-pixel thumbnail so memory stays small,
 * failing on a truncated or damaged file as the publisher's sharp would (libvips' default: on
 * any warning), so what passes here also publishes.
 */
export async function isDecodableImage(path: string, name: string): Promise<boolean> {
  let width: number;
  let height: number;
  try {
    ({ width, height } = await sharp(path).metadata());
  } catch {
    return false;
  }
  if (!(width > 0 && height > 0)) return false;
  if (width * height > MAX_IMAGE_PIXELS) throw tooManyPixels(name, width, height);
  try {
    await sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true }).resize(8, 8, { fit: 'inside' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** The refusal of an image over the pixel limit, naming the limit and the image's size. */
function tooManyPixels(name: string, width: number, height: number): AppError {
  return new AppError('payload_too_large', 'imageTooManyPixels', { values: { file: name, max: MAX_IMAGE_PIXELS / 1_000_000, width, height } });
}
