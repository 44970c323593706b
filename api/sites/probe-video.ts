import { z } from 'zod';
import { FFPROBE, runTool } from '../../publisher/ffmpeg.ts';

/** A hostile file must not hold a probe (or the upload) for long. */
const PROBE_TIMEOUT_MS = 20_000;

/**
 * Whether the file is a video a browser could play: ffprobe finds its container, a video
 * stream with a codec and a size, and a duration. Only the first bytes (`ftyp`) are sniffed
 * before; a file of zeros behind a valid `ftyp` box fails here (no `moov`, no stream).
 */
export async function isPlayableVideo(path: string): Promise<boolean> {
  const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', path];
  const stdout = await runTool(FFPROBE, args, PROBE_TIMEOUT_MS).catch(() => null);
  return stdout !== null && describesVideo(stdout);
}

/** What ffprobe reports of a playable video: a first video stream with a codec and a size, and a duration. */
const probedVideoSchema = z.object({
  streams: z.array(z.object({ codec_name: z.string().min(1), width: z.number().positive(), height: z.number().positive() })).min(1),
  format: z.object({ duration: z.coerce.number().positive() }),
});

function describesVideo(json: string): boolean {
  try {
    return probedVideoSchema.safeParse(JSON.parse(json)).success;
  } catch {
    return false;
  }
}
