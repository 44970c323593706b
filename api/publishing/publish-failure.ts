import { MAX_IMAGE_PIXELS } from '../../model/constants.ts';
import type { MessageKey, MessageValues } from '../../model/messages/keys.ts';
import { ImageTooManyPixelsError } from '../../publisher/images.ts';
import { PublishFailure } from '../../publisher/publish-failure.ts';
import { unwritableStorageKey } from '../http/unwritable-storage.ts';

/** Why a publish failed, as the owner is told it: a message key and its values. */
export type PublishFailureReason = { key: MessageKey; values: MessageValues };

/**
 * The cause of a failed publish the owner can act on, by key: a video that cannot be packaged or
 * is too long, an image over the pixel limit, the storage full or read-only. Anything else is the
 * generic failure (the previous version stays live). Never the error's own text, which may be
 * libvips' or ffmpeg's, or name paths inside the server.
 */
export function publishFailure(error: unknown): PublishFailureReason {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    if (at instanceof PublishFailure) return { key: at.key, values: at.values };
    if (at instanceof ImageTooManyPixelsError) return { key: 'imageTooManyPixels', values: { file: at.file, max: MAX_IMAGE_PIXELS / 1_000_000, width: at.width, height: at.height } };
  }
  const unwritable = unwritableStorageKey(error);
  if (unwritable) return { key: unwritable, values: {} };
  return { key: 'publishFailed', values: {} };
}
