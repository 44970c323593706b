import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pngBytes, type TestContext } from '../api/test-support.ts';
import { makeTestVideo } from '../publisher/test-video.ts';
import { axeViolations } from './axe.ts';
import { launchBrowser, onPort, visiblePosition, PHONE_BROWSER_ARGS, PHONE_USER_AGENT, serveOnLoopback, swipe, waitForHydration } from './browser.ts';

// The live popup CTA as a visitor on a phone meets it (issue 27): over a backdrop, once per visit,
// never in the way of a swipe, moving nothing as it appears, its picture sized and responsive,
// its video with a button to hear it; and a video page's own sound button.

const DAY = 24 * 60 * 60_000;

let ctx: TestContext;
let server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined;
let origin: string;
let browser: Browser;
let videoDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  videoDir = await mkdtemp(join(tmpdir(), 'swipegrid-popup-video-'));
  const video = await makeTestVideo(videoDir, { seconds: 2, kbps: 300 });
  const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 3, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  const [a1, a2, a3] = site.creatives[0]!.pages;
  const picture = async (colour: string) => (await ctx.uploadMedia(site.id, await pngBytes(375, 739, colour), `${colour.slice(1)}.png`)).url;
  await ctx.writePage(site.id, a1!.id, 'jp', { detail: { imageUrl: await picture('#2266aa'), mainText: '春のセール' } });
  const clip = await ctx.uploadMedia(site.id, video, 'clip.mp4');
  await ctx.writePage(site.id, a2!.id, 'jp', { detail: { imageUrl: clip.url } });
  await ctx.writePage(site.id, a3!.id, 'jp', { detail: { imageUrl: await picture('#aa6622') } });
  const popupImage = await ctx.uploadMedia(site.id, await pngBytes(600, 360, '#ffcc00'), 'popup.png');
  const iso = (at: number) => new Date(at).toISOString();
  const now = Date.now();
  const response = await ctx.request(`/api/site/${site.id}?lang=jp`, {
    method: 'PUT',
    json: {
      popupCtas: {
        timeLimit: {
          id: 'time1',
          startDate: iso(now - DAY),
          endDate: iso(now + 4 * DAY),
          effectivePages: [1, 2],
          showRemainingTime: true,
          media: { url: popupImage.url, type: 'IMAGE' },
          transition: { transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'A3' },
        },
        applicantLimit: {
          id: 'apply1',
          startDate: iso(now - DAY),
          endDate: iso(now + 10 * DAY),
          effectivePages: [1, 2],
          limit: 50,
          media: { url: clip.url, type: 'VIDEO', width: 160, height: 90 },
          transition: { transitionType: 'INTERNAL_URL', internalLinkType: 'contact' },
        },
      },
      notifications: [{ id: 'n1', title: 'お知らせ' }],
    },
  });
  if (response.status !== 200) throw new Error(`settings answered ${response.status}: ${await response.text()}`);
  await ctx.publish(site.id);
  server = await serveOnLoopback(ctx.site);
  origin = onPort(await ctx.originOf(site.id), server.origin);
  browser = await launchBrowser(PHONE_BROWSER_ARGS);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await ctx?.cleanup();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});

/** A new visit: a new browser context is a new tab session. */
async function visit(): Promise<{ context: BrowserContext; page: Page }> {
  // bypassCSP: axe runs as an inline script (e2e/axe.ts).
  const context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true, userAgent: PHONE_USER_AGENT, bypassCSP: true });
  return { context, page: await context.newPage() };
}

async function open(page: Page, path = 'A1'): Promise<void> {
  await page.goto(`${origin}/${path}`);
  await waitForHydration(page);
}

const popup = (page: Page) => page.locator('.sg-popup-cta');
const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * The settings have arrived and been drawn: the banner and the popup render in one commit (one
 * Suspense boundary), and the popup's own effect has run two frames later.
 */
async function settingsShown(page: Page): Promise<void> {
  await page.locator('.sg-news').waitFor({ timeout: 10_000 });
  await frames(page);
}

describe('the live popup', () => {
  it('lies over a backdrop inside its page, the arrow hint still in sight, and a tap on the backdrop closes it', async () => {
    const { context, page } = await visit();
    await open(page);
    await popup(page).waitFor({ timeout: 10_000 });
    const backdrop = page.locator('.sg-page[data-position="A1"] .sg-popup-backdrop');
    const pageBox = (await page.locator('.sg-page[data-position="A1"]').boundingBox())!;
    expect(await backdrop.boundingBox()).toEqual(pageBox);
    expect(await backdrop.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // Both items side by side, low on the page, below the page's text and above the arrow hint.
    const [time, apply] = await Promise.all(['timeLimit', 'applicantLimit'].map((kind) => page.locator(`[data-popup-kind="${kind}"]`).boundingBox()));
    expect(time!.x + time!.width).toBeLessThanOrEqual(apply!.x);
    const arrow = (await page.locator('.sg-page[data-position="A1"] .sg-arrow').boundingBox())!;
    expect(Math.max(time!.y + time!.height, apply!.y + apply!.height)).toBeLessThanOrEqual(arrow.y);
    expect(Math.min(time!.y, apply!.y)).toBeGreaterThan(pageBox.height / 3);
    expect(await axeViolations(page)).toEqual([]);

    await page.mouse.click(187, 150);
    await expect.poll(() => popup(page).count()).toBe(0);
    expect(await visiblePosition(page)).toBe('A1');
    await context.close();
  });

  it('opens once per visit: not again after a reload or on another page it applies to; a new visit sees it', async () => {
    const { context, page } = await visit();
    await open(page);
    await popup(page).waitFor({ timeout: 10_000 });
    await page.reload();
    await waitForHydration(page);
    await settingsShown(page);
    expect(await popup(page).count()).toBe(0);
    // A2 is among its pages too: seen in this visit, it stays closed there.
    await open(page, 'A2');
    await settingsShown(page);
    expect(await popup(page).count()).toBe(0);
    await context.close();

    const again = await visit();
    await open(again.page, 'A2');
    await popup(again.page).waitFor({ timeout: 10_000 });
    await again.context.close();
  });

  it('lets the visitor swipe past it, from the backdrop or the popup itself, and stays behind', async () => {
    const { context, page } = await visit();
    const cdp = await context.newCDPSession(page);
    await open(page);
    await popup(page).waitFor({ timeout: 10_000 });
    const time = (await page.locator('[data-popup-kind="timeLimit"] .sg-popup-count').boundingBox())!;
    // A swipe up that starts on the popup's own count moves on to A2.
    await swipe(page, cdp, { x: time.x + time.width / 2, y: time.y + time.height / 2 }, { x: time.x + time.width / 2, y: time.y - 300 });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/A2');
    await settingsShown(page);
    expect(await popup(page).count()).toBe(0);

    // On another visit, a swipe that starts on the backdrop does the same.
    await context.close();
    const other = await visit();
    const otherCdp = await other.context.newCDPSession(other.page);
    await open(other.page);
    await popup(other.page).waitFor({ timeout: 10_000 });
    const startsOn = await other.page.evaluate(() => document.elementFromPoint(187, 300)?.className);
    expect(startsOn).toBe('sg-popup-backdrop');
    await swipe(other.page, otherCdp, { x: 187, y: 300 }, { x: 187, y: 20 });
    await expect.poll(() => new URL(other.page.url()).pathname).toBe('/A2');
    expect(await popup(other.page).count()).toBe(0);
    await other.context.close();
  });

  it('moves nothing as it opens and its picture loads (cumulative layout shift 0), the picture sized and from the responsive set', async () => {
    const { context, page } = await visit();
    await context.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Pictures arrive only once the popup is drawn, as on a slow network: its box must not wait for them.
    let release = () => {};
    const drawn = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/media\/[0-9a-f]{64}\/\d+\.(webp|jpg|png)$/, async (route) => {
      await drawn;
      await route.continue();
    });
    // Not `open`: the load event waits for the page's own picture, which waits for the popup.
    await page.goto(`${origin}/A1`, { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    const image = page.locator('[data-popup-kind="timeLimit"] img.sg-popup-media');
    await image.waitFor({ state: 'attached', timeout: 10_000 });
    await frames(page);
    release();
    await page.waitForFunction(() => {
      const element = document.querySelector<HTMLImageElement>('[data-popup-kind="timeLimit"] img.sg-popup-media');
      return element?.complete && element.naturalWidth > 0;
    });
    await frames(page);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['600', '360']);
    expect(await image.getAttribute('sizes')).toBe('min(600px, 100vw)');
    const chosen = await image.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname);
    expect(chosen).toMatch(/^\/media\/[0-9a-f]{64}\/\d+\.webp$/);
    await context.close();
  });

  it("has a button in the page's language to hear a popup's video and a video page's own", async () => {
    const { context, page } = await visit();
    await open(page);
    const button = page.locator('[data-popup-kind="applicantLimit"] .sg-popup-unmute');
    await button.waitFor({ timeout: 10_000 });
    expect(await button.getAttribute('aria-label')).toBe('動画の音声をオンにする');
    const video = page.locator('[data-popup-kind="applicantLimit"] video');
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    await button.click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await button.getAttribute('aria-label')).toBe('動画の音声をオフにする');

    await open(page, 'en/A2');
    const pageButton = page.locator('.sg-page[data-position="A2"] .sg-unmute');
    expect(await pageButton.getAttribute('aria-label')).toBe('Unmute the video');
    await pageButton.click();
    await expect.poll(() => page.locator('.sg-page[data-position="A2"] video').evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
