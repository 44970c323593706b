import { MAX_VIDEO_SECONDS } from '../../model/constants.ts';
import { measureVideoSeconds } from '../../publisher/ffmpeg.ts';
import type { Queries } from '../db/open-database.ts';
import { AppError } from '../http/errors.ts';
import { effectivePlan } from '../identity/effective-plan.ts';

/** A hostile file must not hold the upload for long: reading 10 hours of packets takes about 1.5 s. */
const MEASURE_TIMEOUT_MS = 20_000;

/**
 * Refuses a video longer than its owner's plan allows (the platform's own accounts: the longest
 * any plan may allow), measured on its stream, not only on what its header claims: an encode's
 * time grows with the length, and one upload must not keep the encoder for hours.
 */
export async function refuseLongVideo(db: Queries, ownerId: string, file: { name: string; path: string }): Promise<void> {
  const max = (await effectivePlan(db, ownerId)).plan?.maxVideoSeconds ?? MAX_VIDEO_SECONDS;
  const seconds = await measureVideoSeconds(file.path, MEASURE_TIMEOUT_MS).catch(() => null);
  if (seconds === null) throw new AppError('unsupported_media', 'unsupportedFormat');
  if (seconds > max) throw new AppError('payload_too_large', 'videoTooLong', { values: { file: file.name, seconds: Math.ceil(seconds), max } });
}
