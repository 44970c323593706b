import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG, probeVideo, runTool } from './ffmpeg.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-ffmpeg-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Turns a QuickTime file's video track a quarter turn, as a phone held upright records it: the
 * frames stay landscape and the track header's display matrix says to rotate them. (Debian's
 * ffmpeg 5.1 has no option to write that matrix, so the test sets it in the `tkhd` box.)
 */
async function rotateQuarterTurn(file: string): Promise<void> {
  const bytes = await readFile(file);
  const box = bytes.indexOf('tkhd') - 4;
  if (box < 0 || bytes[box + 8] !== 0) throw new Error('expected a version 0 tkhd box');
  // The matrix [a b u; c d v; x y w] at offset 48: a=0, b=1, c=-1, d=0 in 16.16, w=1 in 2.30.
  const matrix = [0, 0x00010000, 0, -0x00010000, 0, 0, 0, 0, 0x40000000];
  for (const [i, value] of matrix.entries()) bytes.writeInt32BE(value, box + 48 + i * 4);
  await writeFile(file, bytes);
}

describe('probeVideo', () => {
  it('reports the displayed size of a phone video recorded sideways with a rotation tag, its length, and whether it has sound', async () => {
    const file = join(dir, 'rotated.mov');
    await runTool(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=10:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', file], 60_000);
    expect(await probeVideo(file)).toMatchObject({ width: 320, height: 240 });
    await rotateQuarterTurn(file);
    const probe = await probeVideo(file);
    expect(probe).toMatchObject({ width: 240, height: 320, hasAudio: false });
    expect(probe.durationS).toBeCloseTo(1, 0);
  });

  it('refuses a file without a video stream', async () => {
    const file = join(dir, 'tone.mp4');
    await runTool(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'aac', file], 60_000);
    await expect(probeVideo(file)).rejects.toThrow(/no video stream/);
  });
});

describe('runTool', () => {
  it('stops a run that outlives its timeout', async () => {
    // An endless source: only the timeout can end it.
    const started = Date.now();
    await expect(runTool(FFMPEG, ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2', '-f', 'null', '-'], 500)).rejects.toThrow(/longer than 500 ms/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
