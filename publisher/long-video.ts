import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FFMPEG, runTool } from './ffmpeg.ts';

/**
 * A video that really plays for `minutes` minutes, made cheaply (for tests): one minute of a
 * plain 640×360 colour at 10 fps with a single keyframe, joined to itself by the concat demuxer
 * without re-encoding. 600 minutes weigh about 12 MB, as the (issue 24, finding 4).
 */
export async function makeLongVideo(dir: string, minutes: number): Promise<string> {
  const minute = join(dir, 'minute.mp4');
  await runTool(FFMPEG, ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=green:s=640x360:r=10', '-t', '60', '-g', '100000', minute], 60_000);
  const list = join(dir, 'minutes.txt');
  await writeFile(list, `${"file 'minute.mp4'\n".repeat(minutes)}`);
  const file = join(dir, `long-${minutes}min.mp4`);
  await runTool(FFMPEG, ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', file], 120_000);
  return file;
}
