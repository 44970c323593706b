import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pngBytes, type TestContext } from '../api/test-support.ts';
import { columnLetters } from '../model/position.ts';
import { readLiveManifest } from '../publisher/live.ts';
import { objectKey } from '../publisher/versions.ts';
import { launchBrowser, onPort, serveOnLoopback, swipe, visiblePosition, waitForHydration } from './browser.ts';

// A 20 × 20 site: a page's HTML holds its own page, its neighbours and a reference to the grid
// manifest, so it weighs what a 5 × 5 site's page weighs; the viewer still reaches every page.

let ctx: TestContext;
let server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined;
let browser: Browser;
let context: BrowserContext;
let big: string;
let small: string;
let tall: string;

/** A site of `columns` × `rows` pages in Japanese, every page with an image (one per column) and a text. */
async function buildSite(name: string, columns: number, rows: number): Promise<string> {
  const site = await ctx.createSite({ name, numberHorizontal: columns, numberVertical: rows, defaultLanguage: 'jp', languages: ['jp'] });
  await ctx.request(`/api/site/${site.id}?lang=jp`, { method: 'PUT', json: { displayGlobalMenu: true, displayPageCount: true } });
  for (const creative of site.creatives) {
    const upload = await ctx.uploadMedia(site.id, await pngBytes(75, 148, `#${((creative.columnIndex * 40) % 256).toString(16).padStart(2, '0')}6699`), `${creative.letters}.png`);
    for (const page of creative.pages) await ctx.writePage(site.id, page.id, 'jp', { detail: { imageUrl: upload.url, mainText: `${page.position} text` } });
  }
  await ctx.publish(site.id);
  return site.id;
}

/** The size in bytes of every published HTML page of a site (pages, screens, not-found). */
async function htmlSizes(siteId: string): Promise<number[]> {
  const manifest = await readLiveManifest(ctx.storage, siteId);
  const sizes: number[] = [];
  for (const file of Object.values(manifest!.files)) {
    if (!file.contentType.startsWith('text/html')) continue;
    sizes.push((await ctx.storage.get(objectKey(file.hash)))!.body.byteLength);
  }
  return sizes;
}

beforeAll(async () => {
  ctx = await createTestContext();
  small = await buildSite('Small', 5, 5);
  tall = await buildSite('Tall', 5, 20);
  big = await buildSite('Big', 20, 20);
  server = await serveOnLoopback(ctx.site);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
}, 600_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await ctx?.cleanup();
});

async function open(path = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${onPort(await ctx.originOf(big), server!.origin)}/${path}`);
  await waitForHydration(page);
  return page;
}

describe('a 20 × 20 site', () => {
  it('publishes every page HTML under a fixed size: more rows add nothing, more columns only their menu tabs', async () => {
    const largest = async (siteId: string) => Math.max(...(await htmlSizes(siteId)));
    const [smallest, taller, bigger] = [await largest(small), await largest(tall), await largest(big)];
    // 5 × 20 against 5 × 5: 75 more pages, the same HTML but for a few digits (row counts, positions).
    expect(Math.abs(taller - smallest)).toBeLessThan(64);
    // 20 × 20: 15 more columns, each a menu tab and its name and length (bounded by MAX_COLUMNS), never its pages.
    expect(bigger - smallest).toBeLessThan(15 * 150);
    expect(bigger).toBeLessThan(40 * 1024);
  });

  it('goes from A1 to T20 through the menu, then back across columns and rows by swipes and keys', async () => {
    const page = await open();
    expect(await visiblePosition(page)).toBe('A1');
    // The menu's tabs come with the page; the grid manifest lets a tab land on a far column.
    await page.locator('.sg-menu .sg-menu-item').nth(19).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/T1');
    await expect.poll(() => visiblePosition(page)).toBe('T1');
    for (let row = 2; row <= 20; row++) {
      await page.waitForTimeout(520);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => visiblePosition(page)).toBe(`T${row}`);
    }
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/T20');
    await expect.poll(() => page.locator('.sg-counter').textContent()).toBe('20 / 20');

    // Sideways swipes, finger moving left to right: the column to the left comes in, on its first page.
    const cdp = await context.newCDPSession(page);
    for (const column of [18, 17]) {
      await page.waitForTimeout(520);
      await swipe(page, cdp, { x: 60, y: 400 }, { x: 300, y: 410 });
      await expect.poll(() => visiblePosition(page)).toBe(`${columnLetters(column)}1`);
    }
    await page.waitForTimeout(520);
    await swipe(page, cdp, { x: 190, y: 600 }, { x: 195, y: 250 });
    await expect.poll(() => visiblePosition(page)).toBe('R2');
    await page.waitForTimeout(520);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => visiblePosition(page)).toBe('S1');
    await page.close();
  });

  it('opens a deep page directly and swipes on from it', async () => {
    const page = await open('J10');
    expect(await visiblePosition(page)).toBe('J10');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => visiblePosition(page)).toBe('J9');
    await page.waitForTimeout(520);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => visiblePosition(page)).toBe('K1');
    await page.close();
  });
});
