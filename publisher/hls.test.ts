import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishEvent } from '../api/publishing/publish-jobs.ts';
import { loadSiteDraft } from '../api/sites/load-site-draft.ts';
import { createTestContext, parseSse, type TestContext } from '../api/test-support.ts';
import { pageDataPath, resolvedPageSchema } from '../model/snapshot.ts';
import { FFPROBE, runTool } from './ffmpeg.ts';
import { HLS_SEGMENT_S, hlsMasterKey, hlsPosterKey, hlsThumbnailKey } from './hls.ts';
import { playlistSegments } from './hls-ladder.ts';
import { prepareMedia } from './media.ts';
import { corruptVideoStream, makeTestVideo } from './test-video.ts';
import { readLivePointer, readManifest } from './live.ts';
import { objectKey } from './versions.ts';

const SECONDS = 16;
let ctx: TestContext;
let tmp: string;
let video: Uint8Array;
let sha256: string;
let site: { id: string; a1: string; a2: string; videoUrl: string };
let firstProgress: Extract<PublishEvent, { type: 'progress' }>[];
let firstResult: { videosPackaged: number };

/** Publishes through the API and returns the progress events the console would have seen, and the result. */
async function publishWithEvents(siteId: string) {
  const start = (await (await ctx.request(`/api/site/${siteId}/publish`, { method: 'POST' })).json()) as { publishId: string; events: string };
  const received = parseSse(await (await ctx.request(start.events)).text());
  const done = received.at(-1)!;
  if (done.event !== 'done') throw new Error(`the publish ended with ${JSON.stringify(done)}`);
  const progress = received.filter((event) => event.event === 'progress').map((event) => event.data as Extract<PublishEvent, { type: 'progress' }>);
  return { progress, result: (done.data as { result: { videosPackaged: number; version: number } }).result };
}

async function text(key: string): Promise<string> {
  const object = await ctx.storage.get(key);
  if (!object) throw new Error(`${key} is not in storage`);
  return Buffer.from(object.body).toString('utf8');
}

/** Every key under the video's HLS folder with its last-modified time. */
async function hlsTree(): Promise<Map<string, number>> {
  const tree = new Map<string, number>();
  for await (const info of ctx.storage.list(`media/${sha256}/hls/`)) tree.set(info.key, info.lastModified.getTime());
  return tree;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(os.tmpdir(), 'swipegrid-hls-test-'));
  video = await makeTestVideo(tmp, { seconds: SECONDS });
  ctx = await createTestContext();
  const view = await ctx.createSite({ name: 'Video', numberHorizontal: 1, numberVertical: 2, languages: ['jp'] });
  const pages = view.creatives[0]!.pages;
  const upload = await ctx.uploadMedia(view.id, video, 'clip.mp4');
  expect(upload).toMatchObject({ kind: 'video', mime: 'video/mp4' });
  sha256 = upload.sha256;
  site = { id: view.id, a1: pages[0]!.id, a2: pages[1]!.id, videoUrl: upload.url };
  await ctx.writePage(site.id, site.a1, 'jp', { detail: { imageUrl: upload.url, mainText: 'Video' } });
  const first = await publishWithEvents(site.id);
  firstProgress = first.progress;
  firstResult = first.result;
}, 300_000);

afterAll(async () => {
  await ctx?.cleanup();
  await rm(tmp, { recursive: true, force: true });
});

describe('an uploaded 5 MB 720p mp4, published', () => {
  it('is about 5 MB, as the issue asks of the fixture', () => {
    expect(video.byteLength).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(video.byteLength).toBeLessThan(6 * 1024 * 1024);
  });

  it('becomes an HLS master playlist with two renditions, 360p and 720p, each in 4-second segments', async () => {
    expect(firstResult.videosPackaged).toBe(1);
    const master = await text(hlsMasterKey(sha256));
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:([^\n]*)\n([^\n]+)/g)].map((match) => ({ attributes: match[1]!, uri: match[2]! }));
    expect(variants.map((variant) => /RESOLUTION=(\d+x\d+)/.exec(variant.attributes)?.[1])).toEqual(['640x360', '1280x720']);
    for (const variant of variants) {
      expect(variant.attributes).toMatch(/BANDWIDTH=\d+/);
      const playlist = await text(`media/${sha256}/hls/${variant.uri}`);
      expect(playlist).toContain(`#EXT-X-TARGETDURATION:${HLS_SEGMENT_S}`);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = playlistSegments(playlist);
      expect(segments.length).toBe(SECONDS / HLS_SEGMENT_S);
      for (const segment of segments) expect(segment.durationS).toBeCloseTo(HLS_SEGMENT_S, 1);
      const folder = `media/${sha256}/hls/${variant.uri.replace(/index\.m3u8$/, '')}`;
      for (const segment of segments) expect(await ctx.storage.head(`${folder}${segment.uri}`), segment.uri).not.toBeNull();
    }
  });

  it('encodes the top rendition as 1280×720 H.264 with AAC sound, which ffprobe reads back', async () => {
    const init = (await ctx.storage.get(`media/${sha256}/hls/720p/init.mp4`))!.body;
    const first = (await ctx.storage.get(`media/${sha256}/hls/720p/seg_000.m4s`))!.body;
    const file = join(tmp, 'segment.mp4');
    await writeFile(file, Buffer.concat([init, first]));
    const probe = JSON.parse(await runTool(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_streams', file], 30_000)) as {
      streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    };
    expect(probe.streams.map((stream) => [stream.codec_type, stream.codec_name, stream.width, stream.height])).toEqual([
      ['video', 'h264', 1280, 720],
      ['audio', 'aac', undefined, undefined],
    ]);
  });

  it('gives the page its stream and poster, and the grid a thumbnail, all served by the site host', async () => {
    const pointer = await readLivePointer(ctx.storage, site.id);
    const manifest = (await readManifest(ctx.storage, site.id, pointer!.version))!;
    const pageFile = manifest.files[pageDataPath('jp', site.a1)]!;
    const page = resolvedPageSchema.parse(JSON.parse(Buffer.from((await ctx.storage.get(objectKey(pageFile.hash)))!.body).toString('utf8')));
    const entry = Object.values(page.media)[0];
    expect(entry).toMatchObject({ kind: 'video', video: { hls: `/${hlsMasterKey(sha256)}`, poster: `/${hlsPosterKey(sha256)}` } });
    const html = Buffer.from((await ctx.storage.get(objectKey(manifest.files['index.html']!.hash)))!.body).toString('utf8');
    expect(html).toContain(`poster="/${hlsPosterKey(sha256)}"`);
    // The grid's thumbnail for the page, as the snapshot takes it from the prepared media.
    const prepared = await prepareMedia(await loadSiteDraft(ctx.db, site.id), ctx.storage, () => {}, undefined, { onProgress: () => {} });
    expect(prepared.thumbnails[site.videoUrl]).toBe(`/${hlsThumbnailKey(sha256)}`);
    expect(prepared.videosPackaged).toBeUndefined();

    const master = await ctx.visit(`/${hlsMasterKey(sha256)}`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toContain('immutable');
    const poster = await ctx.visit(`/${hlsPosterKey(sha256)}`);
    expect(poster.headers.get('content-type')).toBe('image/webp');
  });

  it('reports the video step first: videos are encoded before the storage lease, then images and pages', () => {
    const order = firstProgress.map((event) => event.step).filter((step, i, all) => step !== all[i - 1]);
    expect(order).toEqual(['video', 'images', 'pages', 'upload']);
    expect(firstProgress.filter((event) => event.step === 'video').at(-1)).toMatchObject({ done: 1, total: 1 });
  });

  it('is not packaged again by the next publish, nor by another site using the same file', async () => {
    const before = await hlsTree();
    expect(before.size).toBeGreaterThan(10);
    await ctx.writePage(site.id, site.a2, 'jp', { detail: { mainText: 'A text edit' } });
    ctx.writes.reset();
    const again = await publishWithEvents(site.id);
    expect(again.result).toMatchObject({ version: 2, videosPackaged: 0 });
    expect(again.progress.filter((event) => event.step === 'video').at(-1)).toMatchObject({ done: 1, total: 1 });

    const other = await ctx.createSite({ name: 'Same clip', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const upload = await ctx.uploadMedia(other.id, video, 'same.mp4');
    await ctx.writePage(other.id, other.creatives[0]!.pages[0]!.id, 'jp', { detail: { imageUrl: upload.url } });
    expect((await publishWithEvents(other.id)).result).toMatchObject({ videosPackaged: 0 });

    // Nothing under the HLS folder was written again: same keys, same modification times.
    expect(ctx.writes.puts.filter((key) => key.includes('/hls/'))).toEqual([]);
    expect(await hlsTree()).toEqual(before);
  });

  it('fails the publish of a video that passes the upload check but cannot be packaged, telling the owner why in their language, and keeps the live version', async () => {
    // A whole container and index over a corrupted stream: ffprobe and the upload take it, decoding fails.
    const broken = corruptVideoStream(await makeTestVideo(tmp, { width: 320, height: 240, seconds: 3, kbps: 300 }));
    const view = await ctx.createSite({ name: 'Broken clip', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const pageId = view.creatives[0]!.pages[0]!.id;
    await ctx.writePage(view.id, pageId, 'jp', { detail: { mainText: 'Before' } });
    expect((await publishWithEvents(view.id)).result).toMatchObject({ version: 1 });
    const upload = await ctx.uploadMedia(view.id, broken, 'broken.mp4');
    expect(upload).toMatchObject({ kind: 'video' });
    await ctx.writePage(view.id, pageId, 'jp', { detail: { imageUrl: upload.url, mainText: 'After' } });

    const start = (await (await ctx.request(`/api/site/${view.id}/publish`, { method: 'POST' })).json()) as { publishId: string; events: string };
    const last = parseSse(await (await ctx.request(start.events, { headers: { 'accept-language': 'ja' } })).text()).at(-1)!;
    expect(last).toMatchObject({
      event: 'failed',
      data: { key: 'videoPackagingFailed', values: { file: 'broken.mp4' }, message: expect.stringMatching(/^動画broken\.mp4を配信用に変換できませんでした/) },
    });
    const status = (await (await ctx.request(`/api/site/${view.id}/publish/${start.publishId}`, { headers: { 'accept-language': 'en' } })).json()) as {
      status: string;
      error: string;
      errorKey: string;
    };
    expect(status).toMatchObject({ status: 'failed', errorKey: 'videoPackagingFailed', error: expect.stringMatching(/^The video broken\.mp4 could not be prepared for streaming/) });
    // ffmpeg's own words stay in the server log.
    expect(JSON.stringify(last.data) + status.error).not.toMatch(/NAL|ffmpeg|Invalid data/);
    expect((await readLivePointer(ctx.storage, view.id))?.version).toBe(1);
    expect(await ctx.storage.head(hlsMasterKey(upload.sha256))).toBeNull();
  });

  it("packages only a page's own video, not one shown as a button", async () => {
    const small = await makeTestVideo(tmp, { width: 320, height: 240, seconds: 2, kbps: 300 });
    const view = await ctx.createSite({ name: 'Button clip', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const upload = await ctx.uploadMedia(view.id, small, 'button.mp4');
    const button = { id: 'cta-video', buttonType: 'media', buttonImageUrl: upload.url, buttonLinkType: 'external', linkDestinationUrl: 'https://example.com/', buttonShape: 'pill' };
    await ctx.writePage(view.id, view.creatives[0]!.pages[0]!.id, 'jp', { detail: { mainText: 'Button' }, buttons: [button] });
    const { result, progress } = await publishWithEvents(view.id);
    expect(result).toMatchObject({ version: 1, videosPackaged: 0 });
    expect(progress.filter((event) => event.step === 'video').at(-1)).toMatchObject({ done: 0, total: 0 });
    expect(await ctx.storage.head(hlsMasterKey(upload.sha256))).toBeNull();
    expect(await ctx.storage.head(`media/${upload.sha256}/video.mp4`)).not.toBeNull();
  });
});
