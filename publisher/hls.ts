import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HLS_BUFFER_S } from '../model/constants.ts';
import type { Storage } from '../storage/storage.ts';
import { forEachLimit } from './concurrency.ts';
import { FFMPEG, probeVideo, runTool } from './ffmpeg.ts';
import { masterPlaylist, measureBitrates, planLadder, playlistSegments, type Rung, type Variant } from './hls-ladder.ts';
import { makePosterFrames } from './video-poster.ts';
import { makeWorkFolder } from './work-folders.ts';

/** Segments as long as the viewer's buffer (V §9: 4 s), so the buffer holds one whole segment ahead. */
export const HLS_SEGMENT_S = HLS_BUFFER_S;

/** Everything made from one source lives under its content hash: the same upload is packaged once, for every site. */
const hlsPrefix = (sha256: string) => `media/${sha256}/hls/`;
export const hlsMasterKey = (sha256: string) => `${hlsPrefix(sha256)}master.m3u8`;
export const hlsPosterKey = (sha256: string) => `${hlsPrefix(sha256)}poster.webp`;
export const hlsThumbnailKey = (sha256: string) => `${hlsPrefix(sha256)}thumb.webp`;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  webp: 'image/webp',
};
const WRITES_IN_FLIGHT = 4;

export type HlsSource = { sha256: string; load(): Promise<Uint8Array> };
export type HlsPackage = { masterKey: string; posterKey: string; thumbnailKey: string; made: boolean };

/** One packaging per source at a time in this process: two publishes sharing a video wait for the same ffmpeg run. */
const inFlight = new Map<string, Promise<HlsPackage>>();
/**
 * And one encode at a time in all: each ffmpeg run already uses every core, so publishes of
 * several sites at once queue their videos instead of sharing the cores between encoders.
 */
let encoderFree: Promise<unknown> = Promise.resolve();

/**
 * The HLS form of an uploaded video: a master playlist over a small ladder of H.264/AAC
 * renditions in 4-second fMP4 segments, and a poster frame and thumbnail. Made once per source:
 * the master playlist is written last, so its presence means the whole tree is there.
 *
 * @example const { masterKey, posterKey } = await packageHls(storage, { sha256, load });
 */
export function packageHls(storage: Storage, source: HlsSource): Promise<HlsPackage> {
  // Keyed by the storage's URL too: members-only storage maps the same keys elsewhere.
  const flight = storage.publicUrl(hlsMasterKey(source.sha256));
  const running = inFlight.get(flight);
  if (running) return running;
  const work = packageOnce(storage, source).finally(() => inFlight.delete(flight));
  inFlight.set(flight, work);
  return work;
}

async function packageOnce(storage: Storage, source: HlsSource): Promise<HlsPackage> {
  const keys = { masterKey: hlsMasterKey(source.sha256), posterKey: hlsPosterKey(source.sha256), thumbnailKey: hlsThumbnailKey(source.sha256) };
  if (await storage.head(keys.masterKey)) return { ...keys, made: false };
  const turn = encoderFree.then(() => encode(storage, source, keys));
  encoderFree = turn.catch(() => {});
  return turn;
}

async function encode(storage: Storage, source: HlsSource, keys: Omit<HlsPackage, 'made'>): Promise<HlsPackage> {
  const dir = await makeWorkFolder('swipegrid-hls-');
  try {
    const input = join(dir, 'source');
    await writeFile(input, await source.load());
    const probe = await probeVideo(input);
    const ladder = planLadder(probe.width, probe.height);
    // Generous for a 30 MB upload on two busy cores; a stuck process must not hold the publish forever.
    const timeoutMs = 120_000 + probe.durationS * 4_000;
    const out = join(dir, 'out');
    for (const rung of ladder) await mkdir(join(out, rung.name), { recursive: true });
    await runTool(FFMPEG, encodeArgs(input, out, ladder, probe.hasAudio), timeoutMs);
    const top = ladder.at(-1)!;
    const frames = await makePosterFrames(input, out, top, 60_000);

    const variants: Variant[] = [];
    const files: { key: string; path: string }[] = [
      { key: keys.posterKey, path: frames.poster },
      { key: keys.thumbnailKey, path: frames.thumbnail },
    ];
    for (const rung of ladder) {
      const folder = join(out, rung.name);
      const playlist = await readFile(join(folder, 'index.m3u8'), 'utf8');
      const segments = await Promise.all(playlistSegments(playlist).map(async (segment) => ({ ...segment, bytes: (await stat(join(folder, segment.uri))).size })));
      variants.push({ rung, uri: `${rung.name}/index.m3u8`, hasAudio: probe.hasAudio, ...measureBitrates(segments) });
      for (const name of await readdir(folder)) files.push({ key: `${hlsPrefix(source.sha256)}${rung.name}/${name}`, path: join(folder, name) });
    }
    await forEachLimit(files, WRITES_IN_FLIGHT, async (file) => {
      await storage.put(file.key, await readFile(file.path), { contentType: contentTypeOf(file.key), cacheControl: IMMUTABLE });
    });
    await storage.put(keys.masterKey, masterPlaylist(variants), { contentType: CONTENT_TYPES.m3u8, cacheControl: IMMUTABLE });
    return { ...keys, made: true };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/**
 * One ffmpeg run for the whole ladder: the source is decoded once and split to each
 * rendition's encoder. A keyframe every 4 s (whatever the scene) makes every segment 4 s
 * and independently decodable, so a player may switch renditions at any segment.
 */
export function encodeArgs(input: string, out: string, ladder: readonly Rung[], hasAudio: boolean): string[] {
  const split = ladder.length > 1 ? `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')};` : '';
  const scales = ladder.map((rung, i) => `[${ladder.length > 1 ? `s${i}` : '0:v'}]scale=${rung.width}:${rung.height},setsar=1,format=yuv420p[v${i}]`).join(';');
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', input, '-filter_complex', `${split}${scales}`];
  ladder.forEach((rung, i) => {
    const folder = join(out, rung.name);
    args.push('-map', `[v${i}]`);
    if (hasAudio) args.push('-map', '0:a:0', '-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2');
    args.push(
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-level:v', '4.0', '-crf', '23'],
      ...['-maxrate', `${rung.maxKbps}k`, '-bufsize', `${rung.maxKbps * 2}k`, '-fpsmax', '30'],
      ...['-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_S})`, '-sc_threshold', '0'],
      ...['-f', 'hls', '-hls_time', String(HLS_SEGMENT_S), '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'],
      ...['-hls_segment_filename', join(folder, 'seg_%03d.m4s'), join(folder, 'index.m3u8')],
    );
  });
  return args;
}
