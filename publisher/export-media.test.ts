import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorage } from '../storage/index.ts';
import type { Storage } from '../storage/storage.ts';
import { mediaCollector, mediaKeysIn, playlistKeys } from './export-media.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

describe('media a published file names', () => {
  it('finds derivatives in src, srcset, absolute Open Graph URLs and HTML-escaped island props, each once', () => {
    const html = [
      `<meta property="og:image" content="https://shop.example.com/media/${A}/400.jpg">`,
      `<img src="/media/${A}/400.jpg" srcset="/media/${A}/50.webp 50w, /media/${A}/100.webp 100w">`,
      `<astro-island props="{&quot;thumbnail&quot;:[0,&quot;/media/${B}/100.webp&quot;]}">`,
    ].join('\n');
    expect(mediaKeysIn(html)).toEqual([`media/${A}/400.jpg`, `media/${A}/50.webp`, `media/${A}/100.webp`, `media/${B}/100.webp`]);
  });

  it('passes over the API address of members-only media and prose that only mentions a media folder', () => {
    const text = `<p>Our /media/ kit, see /media/press/kit.pdf.</p><img src="/api/end-user/site/s1/private-media/~/${C}/400.webp"> ends at /media/${A}/video.mp4.`;
    expect(mediaKeysIn(text)).toEqual([`media/${A}/video.mp4`]);
  });
});

describe('an HLS playlist', () => {
  it('names its variants, segments and init sections relative to itself, and nothing outside media/', () => {
    const master = ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=800000', '360p/index.m3u8', '#EXT-X-STREAM-INF:BANDWIDTH=2000000', `/media/${A}/hls/720p/index.m3u8`, '../../../sites/x/live.json'].join(
      '\n',
    );
    expect(playlistKeys(`media/${A}/hls/master.m3u8`, master)).toEqual([`media/${A}/hls/360p/index.m3u8`, `media/${A}/hls/720p/index.m3u8`]);
    const variant = ['#EXTM3U', '#EXT-X-MAP:URI="init.mp4"', '#EXTINF:4.0,', 'seg0.m4s', '#EXTINF:4.0,', 'https://elsewhere.example/seg1.m4s'].join('\r\n');
    expect(playlistKeys(`media/${A}/hls/360p/index.m3u8`, variant)).toEqual([`media/${A}/hls/360p/init.mp4`, `media/${A}/hls/360p/seg0.m4s`]);
  });
});

describe('collecting the media of a version', () => {
  let dir: string;
  let storage: Storage;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'swipegrid-export-media-'));
    storage = createStorage({ driver: 'fs', root: dir, publicBaseUrl: '/' });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the named keys storage holds, with every segment of a named playlist, sorted', async () => {
    await storage.put(`media/${A}/400.webp`, 'image');
    await storage.put(`media/${B}/hls/master.m3u8`, '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p/index.m3u8\n');
    await storage.put(`media/${B}/hls/360p/index.m3u8`, '#EXTM3U\n#EXTINF:4.0,\nseg0.ts\n#EXTINF:4.0,\nseg1.ts\n');
    await storage.put(`media/${B}/hls/360p/seg0.ts`, 'segment');
    await storage.put(`media/${B}/hls/360p/seg1.ts`, 'segment');
    await storage.put(`media/${B}/poster.jpg`, 'poster');
    const media = mediaCollector(storage);
    const encode = (text: string) => new TextEncoder().encode(text);
    media.scan('text/html; charset=utf-8', encode(`<img src="/media/${A}/400.webp"><img src="/media/${C}/400.webp">`));
    media.scan('application/json', encode(JSON.stringify({ hlsPath: `/media/${B}/hls/master.m3u8` })));
    media.scan('image/png', encode(`/media/${B}/poster.jpg`));
    expect(await media.keys()).toEqual([`media/${A}/400.webp`, `media/${B}/hls/360p/index.m3u8`, `media/${B}/hls/360p/seg0.ts`, `media/${B}/hls/360p/seg1.ts`, `media/${B}/hls/master.m3u8`]);
  });

  it("takes a manifest's list as it is: no storage check but for playlists, whose segments it follows, and not the sets' records", async () => {
    await storage.put(`media/${B}/hls/master.m3u8`, '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p/index.m3u8\n');
    await storage.put(`media/${B}/hls/360p/index.m3u8`, '#EXTM3U\n#EXTINF:4.0,\nseg0.ts\n');
    const media = mediaCollector(storage);
    media.list([`media/${A}/400.webp`, `media/${A}/set.json`, `media/${B}/hls/master.m3u8`, `media/${B}/hls/poster.webp`]);
    expect(await media.keys()).toEqual([`media/${A}/400.webp`, `media/${B}/hls/360p/index.m3u8`, `media/${B}/hls/360p/seg0.ts`, `media/${B}/hls/master.m3u8`, `media/${B}/hls/poster.webp`]);
  });

  it('fails on a listed playlist storage does not hold, rather than exporting a video without its stream', async () => {
    const media = mediaCollector(storage);
    media.list([`media/${C}/hls/master.m3u8`]);
    await expect(media.keys()).rejects.toThrow(`media/${C}/hls/master.m3u8`);
  });
});
