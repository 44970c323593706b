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

/**
 * The same MP4 with every duration its header states (the movie's, each track's and each
 * medium's) rewritten to one second (for tests): what a player's sample tables say is unchanged,
 * so it still plays for its whole length. Version-0 boxes only, as ffmpeg writes them.
 */
export function claimOneSecond(video: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(video);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes = (name: string) => {
    const found: number[] = [];
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 4)) found.push(at);
    return found;
  };
  // mvhd and mdhd: type, version and flags, creation, modification, timescale, duration.
  for (const at of [...boxes('mvhd'), ...boxes('mdhd')]) view.setUint32(at + 20, view.getUint32(at + 16));
  // tkhd: type, version and flags, creation, modification, track id, reserved, duration (in the movie's timescale).
  const movieTimescale = view.getUint32(boxes('mvhd')[0]! + 16);
  for (const at of boxes('tkhd')) view.setUint32(at + 24, movieTimescale);
  return bytes;
}
