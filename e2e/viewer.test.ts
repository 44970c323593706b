import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser, swipe, waitForHydration } from './browser.ts';

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_PASSWORD: 'Demo-pass1!' });
  server = await startServer(config, () => {});
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The page whose box fills the viewport, by its position code. */
function visiblePosition(page: import('playwright-core').Page) {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('.sg-page[data-position]')].find((element) => {
      const box = element.getBoundingClientRect();
      return Math.abs(box.left) < 2 && Math.abs(box.top) < 2;
    });
    return shown?.dataset.position ?? null;
  });
}

describe('the published demo on a phone', () => {
  it('swipes to the next category and the next page, and a reload lands on the same page', async () => {
    expect(server.demoSiteId).toBeTruthy();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const base = server.demoSiteUrl!;
    await page.goto(base);
    await waitForHydration(page);
    expect(await visiblePosition(page)).toBe('A1');
    await expect.poll(() => page.locator('.sg-counter').textContent()).toBe('1 / 3');

    // Finger moves right to left: the column to the right (B) comes in.
    await swipe(page, cdp, { x: 300, y: 400 }, { x: 60, y: 410 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/B1');
    await expect.poll(() => visiblePosition(page)).toBe('B1');

    // The throttle lets one move through per 500 ms; wait it out, then swipe up to the next row.
    await page.waitForTimeout(600);
    await swipe(page, cdp, { x: 190, y: 600 }, { x: 195, y: 250 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/B2');
    await expect.poll(() => visiblePosition(page)).toBe('B2');
    await expect.poll(() => page.locator('.sg-counter').textContent()).toBe('2 / 3');

    await page.reload();
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/B2');
    expect(await visiblePosition(page)).toBe('B2');
    await expect.poll(() => page.locator('.sg-counter').textContent()).toBe('2 / 3');
    await page.close();
  });

  it('ignores a short drag: under the 50 px threshold nothing moves', async () => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(server.demoSiteUrl!);
    await waitForHydration(page);
    await swipe(page, cdp, { x: 200, y: 400 }, { x: 170, y: 400 });
    await page.waitForTimeout(800);
    expect(await visiblePosition(page)).toBe('A1');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('serves the first image in the static HTML with srcset and high fetch priority', async () => {
    // Node's fetch resolves no {handle}.localhost; Chromium does, as any browser of the site would.
    const page = await context.newPage();
    const response = (await page.goto(server.demoSiteUrl!))!;
    const html = await response.text();
    await page.close();
    expect(response.headers()['content-type']).toContain('text/html');
    expect(html).toMatch(/<img[^>]+srcSet="[^"]+ 50w/i);
    expect(html).toMatch(/<img[^>]+fetchPriority="high"/i);
    expect(html).toContain('<html lang="ja"');
  });
});
