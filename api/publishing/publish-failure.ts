import { MAX_IMAGE_PIXELS } from '../../model/constants.ts';
import type { MessageKey, MessageValues } from '../../model/messages/keys.ts';
import { ImageTooManyPixelsError } from '../../publisher/images.ts';
import { unwritableStorageKey } from '../http/unwritable-storage.ts';

/** Why a publish failed, as the owner is told it: a message key and its values. */
export type PublishFailure = { key: MessageKey; values: MessageValues; known: boolean };

/**
 * The cause of a failed publish the owner can act on, by key: an image over the pixel limit, the
 * storage full or read-only. Anything else is the generic failure (the previous version stays
 * live); `known` tells the two apart. Never the error's own text, which may be libvips' or name
 * paths inside the server.
 */
export function publishFailure(error: unknown): PublishFailure {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    if (at instanceof ImageTooManyPixelsError) return { key: 'imageTooManyPixels', values: { file: at.file, max: MAX_IMAGE_PIXELS / 1_000_000, width: at.width, height: at.height }, known: true };
  }
  const unwritable = unwritableStorageKey(error);
  if (unwritable) return { key: unwritable, values: {}, known: true };
  return { key: 'publishFailed', values: {}, known: false };
}
