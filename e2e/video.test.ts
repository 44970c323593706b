import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { makeTestVideo } from '../publisher/test-video.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { pageIds, signIn } from './site-api.ts';

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let siteUrl: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-video-'));
  const password = 'Demo-pass1!';
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'video@example.com', ADMIN_PASSWORD: password }), () => {});
  const api = await signIn(server, 'video@example.com', password);
  const site = await api.createSite({ name: 'Video', numberHorizontal: 1, numberVertical: 2, languages: ['jp'] });
  const pages = pageIds(site);
  const form = new FormData();
  form.append('file', new File([new Uint8Array(await makeTestVideo(dataDir, { seconds: 12, kbps: 1200 }))], 'clip.mp4', { type: 'video/mp4' }));
  const upload = await api.call<{ url: string }>('POST', `/api/site/${site.id}/media`, form, 201);
  await api.writePage(site.id, pages.A1!, { detail: { imageUrl: upload.url, mainText: 'Video' } });
  await api.writePage(site.id, pages.A2!, { detail: { imageUrl: await api.uploadImage(site.id, '#334155'), mainText: 'Image' } });
  await api.publish(site.id);
  siteUrl = `${server.siteUrl}/sites/${site.id}/`;
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Requests = { scripts: string[]; playlists: string[]; segments: string[] };

/** Opens the published A1 on a phone, noting the scripts, playlists and segments it fetches. */
async function openVideoPage(options: { withoutNativeHls: boolean }): Promise<{ page: Page; requests: Requests }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
  // A browser without native HLS (Firefox, desktop Chrome before it had it) must fall back to hls.js.
  if (options.withoutNativeHls)
    await context.addInitScript(() => {
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
      };
    });
  const page = await context.newPage();
  const requests: Requests = { scripts: [], playlists: [], segments: [] };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script') requests.scripts.push(path);
    if (path.endsWith('.m3u8')) requests.playlists.push(path);
    if (path.endsWith('.m4s')) requests.segments.push(path);
  });
  await page.goto(siteUrl);
  await waitForHydration(page);
  return { page, requests };
}

/** The page's video: where it plays from and how far it got. */
function videoState(page: Page) {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.sg-page[data-position="A1"] video');
    return video ? { currentTime: video.currentTime, src: video.currentSrc, poster: video.poster, width: video.videoWidth, error: video.error?.code ?? null } : null;
  });
}

describe('a published page with an uploaded video, in Chromium', () => {
  it('checks what this Chromium decodes: H.264 and AAC in MP4 (Debian builds it with its own ffmpeg)', async () => {
    const { page } = await openVideoPage({ withoutNativeHls: false });
    const support = await page.evaluate(() => ({
      h264: document.createElement('video').canPlayType('video/mp4; codecs="avc1.4d4028"'),
      mse: typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('video/mp4; codecs="avc1.4d4028,mp4a.40.2"'),
    }));
    expect(support).toEqual({ h264: 'probably', mse: true });
    await page.context().close();
  });

  it('shows the poster frame first, then plays the HLS stream with hls.js where the browser has no native HLS', async () => {
    const { page, requests } = await openVideoPage({ withoutNativeHls: true });
    const first = await videoState(page);
    expect(first?.poster).toMatch(/\/media\/[0-9a-f]{64}\/hls\/poster\.webp$/);
    await expect.poll(async () => (await videoState(page))?.currentTime ?? 0, { timeout: 20_000 }).toBeGreaterThan(1.5);
    const state = (await videoState(page))!;
    expect(state.error).toBeNull();
    // hls.js feeds the element through MediaSource: a blob: URL, never the master playlist itself.
    expect(state.src).toMatch(/^blob:/);
    expect(state.width).toBeGreaterThan(0);
    expect(requests.scripts.some((path) => /hls\.light/.test(path))).toBe(true);
    expect(requests.playlists.some((path) => path.endsWith('/hls/master.m3u8'))).toBe(true);
    expect(requests.segments.length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('plays the stream natively where the browser can, without loading hls.js', async () => {
    const { page, requests } = await openVideoPage({ withoutNativeHls: false });
    const native = await page.evaluate(() => document.createElement('video').canPlayType('application/vnd.apple.mpegurl'));
    expect(native).not.toBe('');
    await expect.poll(async () => (await videoState(page))?.currentTime ?? 0, { timeout: 20_000 }).toBeGreaterThan(1.5);
    const state = (await videoState(page))!;
    expect(state.src).toMatch(/\/hls\/master\.m3u8$/);
    expect(requests.scripts.some((path) => /hls\.light/.test(path))).toBe(false);
    await page.context().close();
  });
});
