import { z } from 'zod';
import { FFPROBE, runTool } from '../../publisher/ffmpeg.ts';
import { AUDIO_CODECS, type SniffedAudio } from './sniff-audio.ts';

/** A hostile file must not hold a probe (or the upload) for long. */
const PROBE_TIMEOUT_MS = 20_000;

/** What ffprobe reports of the first audio stream and the container. */
const probedAudioSchema = z.object({
  streams: z.array(z.object({ codec_name: z.string().min(1) })).min(1),
  format: z.object({ duration: z.coerce.number().positive() }),
});

/**
 * Whether the file is the music its bytes claim: ffprobe finds a first audio stream in the codec
 * its container should hold (MP3 frames in an MP3, AAC in an M4A, PCM in a WAV) and a duration.
 * A video with a sound track sniffed as M4A fails: its container is not audio-only.
 */
export async function isPlayableAudio(path: string, sniffed: SniffedAudio): Promise<boolean> {
  const args = ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,disposition:format=duration', '-of', 'json', path];
  const stdout = await runTool(FFPROBE, args, PROBE_TIMEOUT_MS).catch(() => null);
  if (stdout === null) return false;
  const parsed = parse(stdout);
  if (!parsed) return false;
  // A cover picture rides in an MP3 or M4A as an attached-picture video stream; a real video does not.
  if (parsed.streams.some((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1)) return false;
  const audio = parsed.streams.filter((stream) => stream.codec_type === 'audio');
  const checked = probedAudioSchema.safeParse({ streams: audio, format: parsed.format });
  return checked.success && (AUDIO_CODECS[sniffed.mime] ?? []).includes(checked.data.streams[0]!.codec_name);
}

const streamsSchema = z.object({
  streams: z.array(z.object({ codec_type: z.string().optional(), codec_name: z.string().optional(), disposition: z.object({ attached_pic: z.number().optional() }).optional() })),
  format: z.unknown(),
});

function parse(json: string): z.infer<typeof streamsSchema> | null {
  try {
    return streamsSchema.safeParse(JSON.parse(json)).data ?? null;
  } catch {
    return null;
  }
}
