import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorEvents } from '../api/db/schema-visitor.ts';
import { createTestContext, pngBytes, type TestContext } from '../api/test-support.ts';
import { launchBrowser, onPort, PHONE_BROWSER_ARGS, PHONE_USER_AGENT, swipe, waitForHydration, serveOnLoopback } from './browser.ts';

// Popup CTAs, the notification banner, campaign side panels and analytics of a published site,
// read from its saved settings by the viewer in Chromium.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let ctx: TestContext;
let server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined;
let origin: string;
let siteId: string;
let browser: Browser;
let start: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  siteId = site.id;
  for (const [i, page] of site.creatives[0]!.pages.entries()) {
    const image = await ctx.uploadMedia(siteId, await pngBytes(375, 739, i === 0 ? '#2266aa' : '#aa6622'), `${i}.png`);
    await ctx.writePage(siteId, page.id, 'jp', { detail: { imageUrl: image.url } });
  }
  const popupImage = await ctx.uploadMedia(siteId, await pngBytes(200, 120, '#ffcc00'), 'popup.png');
  start = Date.now();
  const iso = (at: number) => new Date(at).toISOString();
  const response = await ctx.request(`/api/site/${siteId}?lang=jp`, {
    method: 'PUT',
    json: {
      popupCtas: {
        timeLimit: {
          id: 'time1',
          startDate: iso(start - DAY),
          endDate: iso(start + 4 * DAY),
          effectivePages: [1],
          showRemainingTime: true,
          media: { url: popupImage.url, type: 'IMAGE' },
          transition: { transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'A2' },
        },
        applicantLimit: {
          id: 'apply1',
          startDate: iso(start - DAY),
          endDate: iso(start + 10 * DAY),
          effectivePages: [1],
          limit: 5,
          numberClicks: 2,
          transition: { transitionType: 'INTERNAL_URL', internalLinkType: 'contact' },
        },
      },
      campaign: {
        startDate: iso(start - DAY),
        endDate: iso(start + 10 * DAY),
        effectivePages: [1, 2],
        isOnClickCount: true,
        positionLp: 'center',
        backgroundColor: '#336699',
        buttons: [{ id: 'cbtn1', buttonType: 'TEXT', buttonText: 'Campaign', buttonLinkType: 'none', position: 'left', buttonPositionX: 10, buttonPositionY: 40, buttonWidth: 140, buttonHeight: 40 }],
      },
      notifications: [
        { id: 'n1', title: '一つ目のお知らせ', content: '本文です' },
        { id: 'n2', title: '二つ目のお知らせ' },
      ],
    },
  });
  if (response.status !== 200) throw new Error(`settings answered ${response.status}: ${await response.text()}`);
  await ctx.publish(siteId);
  server = await serveOnLoopback(ctx.site);
  origin = onPort(await ctx.originOf(siteId), server.origin);
  browser = await launchBrowser(PHONE_BROWSER_ARGS);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await ctx?.cleanup();
});

async function phone(at?: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true, userAgent: PHONE_USER_AGENT });
  const page = await context.newPage();
  if (at !== undefined) await page.clock.install({ time: at });
  return page;
}

async function open(page: Page, path = ''): Promise<void> {
  await page.goto(`${origin}/${path}`);
  await waitForHydration(page);
}

const timeCount = (page: Page) => page.locator('[data-popup-kind="timeLimit"] .sg-popup-count');

describe('popup calls to action', () => {
  it('counts down in days, then hours under 72 hours, then minutes under 60 minutes, and hides the item at zero', async () => {
    const page = await phone(start);
    await open(page);
    await expect.poll(() => timeCount(page).textContent(), { timeout: 10_000 }).toBe('残り4日');
    expect(await timeCount(page).getAttribute('data-unit')).toBe('days');
    // The published image's responsive set, sized before it loads (200 × 120 as uploaded).
    const image = page.locator('[data-popup-kind="timeLimit"] img.sg-popup-media');
    expect(await image.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}\/200\.jpg$/);
    expect(await image.getAttribute('srcset')).toContain('100w');
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['200', '120']);

    await page.clock.fastForward(4 * DAY - 70 * HOUR);
    await expect.poll(() => timeCount(page).textContent()).toBe('残り70時間');
    await page.clock.fastForward(70 * HOUR - 61 * MINUTE);
    await expect.poll(() => timeCount(page).textContent()).toBe('残り2時間');
    await page.clock.fastForward(31 * MINUTE);
    await expect.poll(() => timeCount(page).textContent()).toBe('残り30分');
    expect(await timeCount(page).getAttribute('data-unit')).toBe('minutes');
    await page.clock.fastForward(29 * MINUTE);
    await expect.poll(() => timeCount(page).textContent()).toBe('残り1分');

    await page.clock.fastForward(2 * MINUTE);
    await expect.poll(() => page.locator('[data-popup-kind="timeLimit"]').count()).toBe(0);
    // The applicant item stays until it is closed; then the popup is gone.
    expect(await page.locator('[data-popup-kind="applicantLimit"] .sg-popup-count').textContent()).toBe('残り3名');
    await page.locator('[data-popup-kind="applicantLimit"] .sg-popup-close').click();
    expect(await page.locator('.sg-popup-cta').count()).toBe(0);
    await page.context().close();
  });

  it('shows applicants remaining (limit − numberClicks), counts one on a click and opens the contact screen; not on a page outside effectivePages', async () => {
    const page = await phone();
    await open(page);
    const remaining = page.locator('[data-popup-kind="applicantLimit"] .sg-popup-count');
    await expect.poll(() => remaining.textContent(), { timeout: 10_000 }).toBe('残り3名');
    await page.locator('[data-popup-kind="applicantLimit"] .sg-popup-action').click();
    await page.waitForURL(`${origin}/contact`);
    const listed = (await (await ctx.visit(`/api/end-user/site/${siteId}/popup-cta`, { site: siteId })).json()) as { popups: { id: string; remaining: number }[] };
    expect(listed.popups.find((popup) => popup.id === 'apply1')!.remaining).toBe(2);
    await expect.poll(async () => (await ctx.db.select().from(visitorEvents).all()).filter((event) => event.kind === 'click_popup_cta').map((event) => event.targetId)).toEqual(['apply1']);

    await open(page, 'A2');
    await expect.poll(() => page.locator('.sg-news').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('.sg-popup-cta').count()).toBe(0);
    await page.context().close();
  });
});

describe('notifications', () => {
  it('turns the banner every 3000 ms, opens the detail dialog on a click and hides when closed', async () => {
    const page = await phone(start);
    await open(page, 'A2');
    const title = page.locator('.sg-news-title');
    await expect.poll(() => title.textContent(), { timeout: 10_000 }).toBe('一つ目のお知らせ');
    await page.clock.fastForward(3000);
    await expect.poll(() => title.textContent()).toBe('二つ目のお知らせ');
    await page.clock.fastForward(3000);
    await expect.poll(() => title.textContent()).toBe('一つ目のお知らせ');
    await title.click();
    await expect.poll(() => page.locator('.sg-news-dialog').textContent()).toContain('本文です');
    await page.locator('.sg-news-dialog .sg-dialog-close').click();
    await page.locator('.sg-news-close').click();
    expect(await page.locator('.sg-news').count()).toBe(0);
    await page.context().close();
  });
});

describe('campaign side panels', () => {
  it('shows the panels beside the mobile view on a wide screen and a click fetches the incremented count', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await open(page);
    const button = page.locator('.sg-campaign-left [data-campaign-item="cbtn1"]');
    await expect.poll(() => button.isVisible(), { timeout: 10_000 }).toBe(true);
    const panel = (await page.locator('.sg-campaign-left').boundingBox())!;
    expect(panel).toMatchObject({ x: 0, width: 400 });
    const count = button.locator('.sg-campaign-count');
    expect(await count.textContent()).toBe('0');
    await button.click();
    await expect.poll(() => count.textContent()).toBe('1');
    await button.click();
    await expect.poll(() => count.textContent()).toBe('2');
    await context.close();
  });

  it('hides the panels on a phone, where there is no room beside the page', async () => {
    const page = await phone();
    await open(page);
    await expect.poll(() => page.locator('.sg-news').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('.sg-campaign-left').isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('analytics', () => {
  it('sends slide_page in a beacon batch when the page is left, with the sessionId cookie the server sets kept ten years', async () => {
    const page = await phone();
    const cdp = await page.context().newCDPSession(page);
    await open(page);
    // This site's popups appear on A1 once the page is idle and take the touches they cover; a swipe
    // sent before they appear and one that starts on them would differ. Wait for them, start where none is.
    await expect.poll(() => page.locator('[data-popup-kind]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const startY = await page.evaluate(() => {
      for (let y = 620; y >= 380; y -= 20) {
        const element = document.elementFromPoint(187, y);
        if (element?.closest('.sg-page') && !element.closest('button, a, [data-popup-kind], .sg-news, [class*="sg-campaign"]')) return y;
      }
      return null;
    });
    if (startY === null) throw new Error('no free place to swipe from on A1');
    await swipe(page, cdp, { x: 187, y: startY }, { x: 187, y: startY - 350 });
    // The move itself, not only the neighbour page in the DOM (it is there before any move).
    await expect.poll(() => page.url()).toMatch(/\/A2$/);
    await page.waitForTimeout(600);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.goto('about:blank');
    await expect
      .poll(async () => (await ctx.db.select().from(visitorEvents).all()).filter((event) => event.kind === 'slide_page').map((event) => `${event.cell}>${event.toCell} ${event.direction}`), {
        timeout: 10_000,
      })
      .toContain('A1>A2 down');
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'sessionId')!;
    // Set for 3650 days (V §9); Chromium keeps no cookie longer than 400 days.
    expect(session.expires * 1000 - Date.now()).toBeGreaterThan(399 * DAY);
    const stored = (await ctx.db.select().from(visitorEvents).all()).find((event) => event.kind === 'slide_page')!;
    expect(stored.sessionId).toBe(decodeURIComponent(session.value));
    await page.context().close();
  });
});
