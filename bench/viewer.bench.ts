/**
 * Viewer benchmark (`npm run bench`): the JavaScript a visitor's browser really loads on an
 * image page and on a video (HLS) page, weighed gzipped from Chromium's own responses, and
 * Lighthouse's mobile performance audit of the demo's first page served by the embedded server.
 *
 * Budgets from issue 3 are printed beside the figures (image page ≤ 75 KB of JavaScript,
 * performance ≥ 95, CLS 0); nothing is asserted, machines differ. Lighthouse runs three times
 * and the median run is reported. Results go to bench/results/viewer.json.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadConfig } from '../api/config.ts';
import { startServer } from '../api/server.ts';
import { CHROMIUM, launchBrowser } from '../e2e/browser.ts';
import { pageIds, signIn } from '../e2e/site-api.ts';
import { ensureBuilt } from '../scripts/build-template.ts';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(34)} ${value}`);

/** Every script the page loads until the network is idle, each gzipped as a CDN would send it. */
async function loadedJavaScript(url: string, options: { withoutNativeHls?: boolean } = {}): Promise<{ total: number; files: { name: string; gzip: number }[] }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
    // Chromium plays HLS itself; a browser that cannot (Firefox) gets hls.js, weighed this way.
    if (options.withoutNativeHls)
      await context.addInitScript(() => {
        HTMLMediaElement.prototype.canPlayType = () => '';
      });
    const page = await context.newPage();
    const files: { name: string; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then(
          (body) => {
            files.push({ name: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).byteLength });
          },
          () => {},
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await Promise.all(pending);
    return { total: files.reduce((sum, file) => sum + file.gzip, 0), files: files.sort((a, b) => b.gzip - a.gzip) };
  } finally {
    await browser.close();
  }
}

type Audit = { score: number; lcpMs: number; cls: number; tbtMs: number; fcpMs: number };

async function lighthouseMobile(url: string): Promise<Audit> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
    const lhr = result!.lhr;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbtMs: value('total-blocking-time'),
      fcpMs: value('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  const dataDir = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-viewer-'));
  const password = 'Bench-pass1!';
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: password }), () => {});
  try {
    const demoUrl = server.demoSiteUrl!;

    // A video page: a stream (hlsPath) on A1, so hls.js is what the first load must fetch.
    const api = await signIn(server, 'bench@example.com', password);
    const videoSite = await api.createSite({ name: 'Video', numberHorizontal: 1, numberVertical: 2, languages: ['jp'] });
    const pages = pageIds(videoSite);
    await api.writePage(videoSite.id, pages.A1!, { detail: { hlsPath: `${server.siteUrl}/streams/demo.m3u8`, mainText: 'Video' } });
    await api.writePage(videoSite.id, pages.A2!, { detail: { imageUrl: await api.uploadImage(videoSite.id, '#334155'), mainText: 'Image' } });
    await api.publish(videoSite.id);
    const videoUrl = `${server.siteUrl}/sites/${videoSite.id}/`;

    console.log('\nFirst-load JavaScript (gzipped, as Chromium loaded it)');
    const image = await loadedJavaScript(demoUrl);
    line('image page (demo A1)', `${kb(image.total)} in ${image.files.length} files   (budget 75 KB)`);
    for (const file of image.files) line(`  ${file.name}`, kb(file.gzip));
    const video = await loadedJavaScript(videoUrl);
    line('video page (HLS on A1)', `${kb(video.total)} in ${video.files.length} files   (Chromium plays HLS natively)`);
    for (const file of video.files) line(`  ${file.name}`, kb(file.gzip));
    const videoHlsJs = await loadedJavaScript(videoUrl, { withoutNativeHls: true });
    line('video page, no native HLS', `${kb(videoHlsJs.total)} in ${videoHlsJs.files.length} files   (hls.js loaded)`);
    for (const file of videoHlsJs.files) line(`  ${file.name}`, kb(file.gzip));

    console.log('\nLighthouse mobile, demo first page (median of 3)');
    const runs: Audit[] = [];
    for (let i = 0; i < 3; i++) runs.push(await lighthouseMobile(demoUrl));
    const median = [...runs].sort((a, b) => a.score - b.score)[1]!;
    line('performance score', `${median.score}   (budget ≥ 95; runs ${runs.map((run) => run.score).join(', ')})`);
    line('LCP', `${Math.round(median.lcpMs)} ms`);
    line('CLS', `${median.cls.toFixed(3)}   (budget 0)`);
    line('TBT', `${Math.round(median.tbtMs)} ms`);
    line('FCP', `${Math.round(median.fcpMs)} ms`);

    const results = {
      when: new Date().toISOString(),
      imagePageJsGzipBytes: image.total,
      videoPageJsGzipBytes: video.total,
      videoPageWithHlsJsGzipBytes: videoHlsJs.total,
      imageFiles: image.files,
      videoFiles: video.files,
      videoHlsJsFiles: videoHlsJs.files,
      lighthouse: { median, runs },
    };
    const out = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'viewer.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
