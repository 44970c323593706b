import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FFMPEG, runTool } from './ffmpeg.ts';

export type TestVideoOptions = { width?: number; height?: number; seconds?: number; kbps?: number };

/**
 * A real H.264/AAC mp4 made with ffmpeg's test pattern and a tone (for tests and benches): a
 * constant bitrate, so its size is known in advance (1280×720, 16 s at 2.4 Mbit/s ≈ 5 MB).
 */
export async function makeTestVideo(dir: string, options: TestVideoOptions = {}): Promise<Uint8Array> {
  const { width = 1280, height = 720, seconds = 16, kbps = 2400 } = options;
  const file = join(dir, `test-${width}x${height}-${seconds}s.mp4`);
  await runTool(
    FFMPEG,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=30:d=${seconds}`, '-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', `${kbps}k`, '-minrate', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`, '-x264-params', 'nal-hrd=cbr'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-shortest', file],
    ],
    120_000,
  );
  return new Uint8Array(await readFile(file));
}

/**
 * The same file with its media data overwritten by a pattern (for tests): the container and its
 * index stay whole, so ffprobe still finds a video stream of the right size and length, and an
 * upload takes it; decoding it fails, so packaging does.
 */
export function corruptVideoStream(video: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(video);
  const mdat = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf('mdat');
  if (mdat < 0) throw new Error('no mdat box in the video');
  for (let i = mdat + 4; i < bytes.length; i++) bytes[i] = (i * 131 + 7) & 0xff;
  return bytes;
}
