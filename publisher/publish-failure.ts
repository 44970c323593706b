import type { MessageKey, MessageValues } from '../model/messages/keys.ts';

/**
 * Why a publish failed, as the owner is told it: a message key and its values, worded in the
 * owner's language by whoever shows it. A tool's own output (ffmpeg's stderr) stays in `cause`,
 * for the server log only.
 */
export class PublishFailure extends Error {
  readonly key: MessageKey;
  readonly values: MessageValues;

  constructor(key: MessageKey, values: MessageValues = {}, options?: { cause?: unknown }) {
    super(key, options);
    this.name = 'PublishFailure';
    this.key = key;
    this.values = values;
  }
}
