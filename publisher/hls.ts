import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HLS_BUFFER_S, MAX_VIDEO_SECONDS } from '../model/constants.ts';
import type { Storage } from '../storage/storage.ts';
import { forEachLimit } from './concurrency.ts';
import { createEncodeQueue } from './encode-queue.ts';
import { FFMPEG, measureVideoSeconds, probeVideo, runTool, ToolStopped } from './ffmpeg.ts';
import { masterPlaylist, measureBitrates, planLadder, playlistSegments, type Rung, type Variant } from './hls-ladder.ts';
import { PublishFailure } from './publish-failure.ts';
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

export type HlsSource = {
  sha256: string;
  load(): Promise<Uint8Array>;
  /** The file's name as uploaded, for the owner's message when it cannot be packaged. */
  name?: string;
  /** Whose encode it is: encodes take turns by owner (encode-queue.ts); the source itself by default. */
  owner?: string;
};
export type HlsPackage = { masterKey: string; posterKey: string; thumbnailKey: string; made: boolean };

/** An encode's files on local disk, until the last of its holders releases it. */
export type HlsEncode = { files: readonly { key: string; path: string }[]; master: string; release(): Promise<void> };

/** Two encodes at once: a tenant's long video holds one slot, and another tenant's video takes the other. */
export const ENCODE_SLOTS = 2;
const queue = createEncodeQueue(ENCODE_SLOTS);

/** One packaging per source at a time in this process: two publishes sharing a video wait for the same store. */
const inFlight = new Map<string, Promise<HlsPackage>>();
/** One encode per source at a time, shared by its holders: the files go once the last lets go. */
const encodes = new Map<string, { work: Promise<Omit<HlsEncode, 'release'> & { dir: string }>; holders: number }>();

const keysOf = (sha256: string) => ({ masterKey: hlsMasterKey(sha256), posterKey: hlsPosterKey(sha256), thumbnailKey: hlsThumbnailKey(sha256) });

/**
 * The HLS form of an uploaded video: a master playlist over a small ladder of H.264/AAC
 * renditions in 4-second fMP4 segments, and a poster frame and thumbnail. Made once per source:
 * the master playlist is written last, so its presence means the whole tree is there.
 *
 * @example const { masterKey, posterKey } = await packageHls(storage, { sha256, load });
 */
export async function packageHls(storage: Storage, source: HlsSource): Promise<HlsPackage> {
  if (await storage.head(hlsMasterKey(source.sha256))) return { ...keysOf(source.sha256), made: false };
  const encoded = await encodeHls(source);
  try {
    return await storeHls(storage, source.sha256, encoded);
  } finally {
    await encoded.release();
  }
}

/**
 * Encodes a source to local files, touching no storage key, so a publish does it before it takes
 * the storage lease and another site's sweep never waits for it (docs/decisions.md, "Encodes
 * queue fairly"). Fails with a {@link PublishFailure} the owner can read.
 */
export async function encodeHls(source: HlsSource): Promise<HlsEncode> {
  let entry = encodes.get(source.sha256);
  if (!entry) {
    const work = queue.run(source.owner ?? source.sha256, () => encode(source));
    entry = { work, holders: 0 };
    encodes.set(source.sha256, entry);
    const settled = entry;
    work.catch(() => {
      if (encodes.get(source.sha256) === settled) encodes.delete(source.sha256);
    });
  }
  entry.holders++;
  const held = entry;
  let made: Awaited<typeof held.work>;
  try {
    made = await held.work;
  } catch (error) {
    held.holders--;
    throw error;
  }
  let released = false;
  return {
    files: made.files,
    master: made.master,
    async release() {
      if (released) return;
      released = true;
      if (--held.holders > 0) return;
      if (encodes.get(source.sha256) === held) encodes.delete(source.sha256);
      await rm(made.dir, { recursive: true, force: true });
    },
  };
}

/** Writes an encode's files, the master playlist last; nothing when the source is already stored. */
export function storeHls(storage: Storage, sha256: string, encoded: HlsEncode): Promise<HlsPackage> {
  // Keyed by the storage's URL too: members-only storage maps the same keys elsewhere.
  const flight = storage.publicUrl(hlsMasterKey(sha256));
  const running = inFlight.get(flight);
  if (running) return running;
  const work = storeOnce(storage, sha256, encoded).finally(() => inFlight.delete(flight));
  inFlight.set(flight, work);
  return work;
}

async function storeOnce(storage: Storage, sha256: string, encoded: HlsEncode): Promise<HlsPackage> {
  const keys = keysOf(sha256);
  if (await storage.head(keys.masterKey)) return { ...keys, made: false };
  await forEachLimit(encoded.files, WRITES_IN_FLIGHT, async (file) => {
    await storage.put(file.key, await readFile(file.path), { contentType: contentTypeOf(file.key), cacheControl: IMMUTABLE });
  });
  await storage.put(keys.masterKey, encoded.master, { contentType: CONTENT_TYPES.m3u8, cacheControl: IMMUTABLE });
  return { ...keys, made: true };
}

/**
 * The time an encode may take: generous for a video of the longest length a plan allows on two
 * busy cores, and never longer, whatever a file uploaded before the cap says of itself.
 */
export function encodeTimeoutMs(durationS: number): number {
  return 120_000 + Math.min(durationS, MAX_VIDEO_SECONDS) * 4_000;
}

async function encode(source: HlsSource): Promise<{ dir: string; files: { key: string; path: string }[]; master: string }> {
  const keys = keysOf(source.sha256);
  const file = source.name ?? source.sha256.slice(0, 12);
  const dir = await makeWorkFolder('swipegrid-hls-');
  try {
    const input = join(dir, 'source');
    await writeFile(input, await source.load());
    const probe = await probeVideo(input).catch((error: unknown) => {
      throw error instanceof ToolStopped ? error : new PublishFailure('videoPackagingFailed', { file }, { cause: error });
    });
    const seconds = await measureVideoSeconds(input, 60_000).catch(() => probe.durationS);
    // A file stored before uploads were measured may be hours long: refused now, not encoded for hours.
    if (seconds > MAX_VIDEO_SECONDS) throw new PublishFailure('videoTooLongToPublish', { file, max: MAX_VIDEO_SECONDS });
    const ladder = planLadder(probe.width, probe.height);
    const out = join(dir, 'out');
    for (const rung of ladder) await mkdir(join(out, rung.name), { recursive: true });
    let frames: { poster: string; thumbnail: string };
    try {
      await runTool(FFMPEG, encodeArgs(input, out, ladder, probe.hasAudio), encodeTimeoutMs(seconds));
      frames = await makePosterFrames(input, out, ladder.at(-1)!, 60_000);
    } catch (error) {
      if (error instanceof ToolStopped) throw error;
      throw new PublishFailure('videoPackagingFailed', { file }, { cause: error });
    }

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
    return { dir, files, master: masterPlaylist(variants) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
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
