import { execFile } from 'node:child_process';
import { readFile, stat, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { DEFAULT_OPERATOR_EMAIL } from '../api/identity/ensure-first-operator.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { contentTypeFor } from '../storage/storage.ts';
import { launchBrowser, swipe, visiblePosition, waitForHydration } from './browser.ts';
import { signIn } from './site-api.ts';

const PASSWORD = 'Demo-pass1!';

let dataDir: string;
let server: RunningServer;
let staticHost: { origin: string; close(): Promise<void> };
let browser: Browser;
let context: BrowserContext;

/**
 * A static file server with no knowledge of Swipegrid, as a CDN or `npx http-server` would be:
 * a path is a file, a folder is its index.html, anything else is the root's 404.html with 404.
 */
async function serveFolder(root: string): Promise<{ origin: string; close(): Promise<void> }> {
  const fileAt = async (path: string): Promise<string | null> => {
    const file = resolve(root, `.${path}`);
    if (file !== root && !file.startsWith(root + sep)) return null;
    const found = await stat(file).catch(() => null);
    if (found?.isFile()) return file;
    if (found?.isDirectory()) return fileAt(`${path.replace(/\/$/, '')}/index.html`);
    return null;
  };
  const http: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://static').pathname);
      const file = await fileAt(path);
      const served = file ?? join(root, '404.html');
      response.writeHead(file ? 200 : 404, { 'content-type': contentTypeFor(served) });
      response.end(await readFile(served));
    })();
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('the static server has no port');
  return { origin: `http://127.0.0.1:${address.port}`, close: () => new Promise((done) => http.close(() => done())) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-export-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_PASSWORD: PASSWORD }), () => {});
  const api = await signIn(server, DEFAULT_OPERATOR_EMAIL, PASSWORD);
  // The console's download, as any HTTP client makes it: the operator's cookie, the bytes to a file.
  const download = await fetch(`${server.adminUrl}/api/site/${server.demoSiteId}/export.zip`, { headers: { cookie: api.cookie } });
  expect(download.status).toBe(200);
  const zip = join(dataDir, 'site.zip');
  await writeFile(zip, new Uint8Array(await download.arrayBuffer()));
  const folder = join(dataDir, 'unzipped');
  await promisify(execFile)('unzip', ['-q', zip, '-d', folder]);
  staticHost = await serveFolder(folder);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await staticHost?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every request of the page that failed or answered an error, the visitor API left out: a static host has none. */
function failuresOf(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && !url.pathname.startsWith('/api/')) failures.push(`${response.status()} ${url.pathname}`);
  });
  page.on('requestfailed', (request) => {
    // A navigation cancels what the page it leaves was still loading: not the tree's fault.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (!new URL(request.url()).pathname.startsWith('/api/')) failures.push(`failed ${request.url()}`);
  });
  return failures;
}

/** Whether every image of the page at a position has loaded real pixels. */
function imagesLoaded(page: Page, position: string): Promise<boolean> {
  return page.evaluate((at) => {
    const images = [...document.querySelectorAll<HTMLImageElement>(`.sg-page[data-position="${at}"] img`)];
    return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
  }, position);
}

describe('the exported ZIP served by a plain static file server', () => {
  it('opens A1 on a phone, swipes to B1 and to A2, every image and page data loaded from the tree', async () => {
    const page = await context.newPage();
    const failures = failuresOf(page);
    const pageData: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 200 && new URL(response.url()).pathname.includes('/_data/')) pageData.push(response.url());
    });
    const cdp = await context.newCDPSession(page);
    // The site was published for its own origin: the root of the host is the site, with no folder to be led to.
    await page.goto(`${staticHost.origin}/`);
    await waitForHydration(page);
    const base = new URL(page.url()).pathname;
    expect(base).toBe('/');
    expect(await visiblePosition(page)).toBe('A1');
    await expect.poll(() => imagesLoaded(page, 'A1')).toBe(true);

    // Finger moves right to left: column B comes in.
    await swipe(page, cdp, { x: 300, y: 400 }, { x: 60, y: 410 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe(`${base}B1`);
    await expect.poll(() => visiblePosition(page)).toBe('B1');
    await expect.poll(() => imagesLoaded(page, 'B1')).toBe(true);

    // Back to A1 (the throttle lets one move through per 500 ms), then up to the next row.
    await page.waitForTimeout(600);
    await swipe(page, cdp, { x: 60, y: 400 }, { x: 300, y: 410 });
    await expect.poll(() => visiblePosition(page)).toBe('A1');
    await page.waitForTimeout(600);
    await swipe(page, cdp, { x: 190, y: 600 }, { x: 195, y: 250 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe(`${base}A2`);
    await expect.poll(() => visiblePosition(page)).toBe('A2');
    await expect.poll(() => imagesLoaded(page, 'A2')).toBe(true);

    // A reload asks the static host for the address the viewer wrote: a folder with its index.html.
    await page.reload();
    await waitForHydration(page);
    expect(await visiblePosition(page)).toBe('A2');
    // The neighbours' page data came from the tree's `_data/` files.
    expect(pageData.length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    await page.close();
  });

  it('serves a language folder and a deep page directly', async () => {
    const page = await context.newPage();
    const failures = failuresOf(page);
    const response = await page.goto(`${staticHost.origin}/en/B2`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await visiblePosition(page)).toBe('B2');
    await expect.poll(() => imagesLoaded(page, 'B2')).toBe(true);
    expect(failures).toEqual([]);
    await page.close();
  });

  it("shows the site's 404 page for an unknown path", async () => {
    const page = await context.newPage();
    const response = await page.goto(`${staticHost.origin}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('.sg-not-found').count()).toBe(1);
    const back = await page.locator('.sg-not-found a').getAttribute('href');
    await page.locator('.sg-not-found a').click();
    await page.waitForURL((url) => url.pathname === back);
    await waitForHydration(page);
    expect(await visiblePosition(page)).toBe('A1');
    await page.close();
  });
});
