/**
 * HLS packaging benchmark (`npm run bench -- video`): how long publishing takes to turn an
 * uploaded video into its HLS ladder and poster (publisher/hls.ts), for the 5 MB 720p clip the
 * tests use and for a phone-like 1080×1920 portrait clip near the 30 MB upload limit; then the
 * same call again, which finds the master playlist and makes nothing.
 *
 * The clips are ffmpeg's synthetic test pattern at a constant bitrate, made in a temporary
 * folder. Nothing is asserted, machines differ. Results go to bench/results/video.json.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { probeVideo } from '../publisher/ffmpeg.ts';
import { planLadder } from '../publisher/hls-ladder.ts';
import { packageHls } from '../publisher/hls.ts';
import { makeTestVideo, type TestVideoOptions } from '../publisher/test-video.ts';
import { createStorage } from '../storage/index.ts';

const RESULTS_FILE = fileURLToPath(new URL('./results/video.json', import.meta.url));
const CLIPS: { label: string; options: TestVideoOptions }[] = [
  { label: '720p landscape, 16 s, 5 MB', options: { width: 1280, height: 720, seconds: 16, kbps: 2400 } },
  { label: '1080×1920 portrait, 30 s, 29 MB', options: { width: 1080, height: 1920, seconds: 30, kbps: 7800 } },
];
const line = (label: string, value: string) => console.log(`  ${label.padEnd(34)} ${value}`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-video-'));
  const storage = createStorage({ driver: 'fs', root: join(dir, 'storage'), publicBaseUrl: '/' });
  const results = [];
  try {
    for (const clip of CLIPS) {
      const bytes = await makeTestVideo(dir, clip.options);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const file = join(dir, `${sha256}.mp4`);
      await writeFile(file, bytes);
      const probe = await probeVideo(file);
      const started = performance.now();
      const made = await packageHls(storage, { sha256, load: async () => bytes });
      const packagingMs = Math.round(performance.now() - started);
      const again = performance.now();
      const reused = await packageHls(storage, { sha256, load: async () => bytes });
      const reuseMs = Math.round((performance.now() - again) * 10) / 10;
      let outputBytes = 0;
      let objects = 0;
      for await (const info of storage.list(`media/${sha256}/hls/`)) {
        outputBytes += info.size;
        objects++;
      }
      const ladder = planLadder(probe.width, probe.height).map((rung) => `${rung.width}x${rung.height}`);
      console.log(`\n${clip.label}`);
      // The machine may be shared: a wall time means little without the load it ran under.
      line('load average (1 min) after', `${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
      line('source', `${probe.width}×${probe.height}, ${probe.durationS.toFixed(1)} s, ${mb(bytes.byteLength)}`);
      line('renditions', ladder.join(', '));
      line('HLS packaging (ladder + poster)', `${(packagingMs / 1000).toFixed(1)} s   (${(packagingMs / 1000 / probe.durationS).toFixed(2)} s per second of video)`);
      line('output', `${objects} objects, ${mb(outputBytes)}`);
      line('second publish (already packaged)', `${reuseMs} ms, made again: ${reused.made}`);
      results.push({ clip: clip.label, loadAverage: os.loadavg()[0], sourceBytes: bytes.byteLength, durationS: probe.durationS, ladder, packagingMs, made: made.made, reuseMs, objects, outputBytes });
    }
    await writeFile(RESULTS_FILE, `${JSON.stringify({ when: new Date().toISOString(), cores: os.availableParallelism(), results }, null, 2)}\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
