import { join } from 'node:path';
import { FFMPEG, runTool } from './ffmpeg.ts';

/** The grid's thumbnails are 100 CSS pixels wide, as images' are (publisher/media.ts). */
const THUMBNAIL_WIDTH = 100;

/**
 * Writes `poster.webp` (at `width`×`height`) and `thumb.webp` into `dir` from the video's first
 * frame. The first frame, not a "representative" one: the poster is the page's first paint and
 * playback starts on that frame, so the picture does not jump when the video begins.
 */
export async function makePosterFrames(source: string, dir: string, size: { width: number; height: number }, timeoutMs: number): Promise<{ poster: string; thumbnail: string }> {
  const poster = join(dir, 'poster.webp');
  const thumbnail = join(dir, 'thumb.webp');
  await runTool(
    FFMPEG,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', source],
      ...['-filter_complex', `[0:v]split=2[a][b];[a]scale=${size.width}:${size.height},setsar=1[p];[b]scale=${THUMBNAIL_WIDTH}:-2,setsar=1[t]`],
      ...['-map', '[p]', '-frames:v', '1', '-c:v', 'libwebp', '-quality', '75', poster],
      ...['-map', '[t]', '-frames:v', '1', '-c:v', 'libwebp', '-quality', '70', thumbnail],
    ],
    timeoutMs,
  );
  return { poster, thumbnail };
}
