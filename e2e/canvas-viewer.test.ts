import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { pageIds, signIn } from './site-api.ts';

// The editor's canvas is the viewer: popups, the notification banner, campaign panels and a
// members-only page are drawn there as the published page draws them, at each screen size.

const OPERATOR_PASSWORD = 'Operator-pass1!';
const CUSTOMER = 'canvas-viewer@example.com';
const PASSWORD = 'Canvas#Viewer1';
const DAY = 24 * 3600_000;

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let siteId = '';
let lockedImage = '';
const LINK_ID = crypto.randomUUID();

const jpeg = (colour: string, width = 375, height = 739) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-canvas-viewer-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  const operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
  await operator.call('POST', '/api/master/user', { companyName: 'Canvas Viewer Inc', email: CUSTOMER, accountType: 'USER', planId: 'standard', password: 'First#Pass1' }, 201);
  const first = await signIn(server, CUSTOMER, 'First#Pass1');
  await first.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password: PASSWORD, confirmPassword: PASSWORD });
  // Fixtures the owner made elsewhere (their screens are other tests'): the pages, the popups, the campaign, a notification.
  const owner = await signIn(server, CUSTOMER, PASSWORD);
  const site = await owner.createSite({ name: 'Canvas viewer', numberHorizontal: 1, numberVertical: 2 });
  siteId = site.id;
  const pages = pageIds(site);
  await owner.writePage(siteId, pages.A1!, {
    detail: { imageUrl: await owner.uploadImage(siteId, '#1976d2', 'a1.jpg'), mainText: 'Spring tea' },
    links: [{ id: LINK_ID, linkType: 'external', linkDestinationUrl: 'https://example.com/tea', positionLeft: 60, positionTop: 300, width: 150, height: 90 }],
  });
  lockedImage = await owner.uploadImage(siteId, '#7b1fa2', 'members.jpg');
  await owner.writePage(siteId, pages.A2!, { membersOnlyLock: true, detail: { imageUrl: lockedImage } });
  const now = Date.now();
  const iso = (at: number) => new Date(at).toISOString();
  await owner.updateSite(
    siteId,
    {
      popupCtas: {
        timeLimit: {
          id: 'time1',
          startDate: iso(now - DAY),
          endDate: iso(now + 35 * DAY),
          effectivePages: [1],
          showRemainingTime: true,
          transition: { transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'A2' },
        },
        applicantLimit: {
          id: 'apply1',
          startDate: iso(now - DAY),
          endDate: iso(now + 10 * DAY),
          effectivePages: [1],
          limit: 50,
          transition: { transitionType: 'INTERNAL_URL', internalLinkType: 'contact' },
        },
      },
      campaign: {
        startDate: iso(now - DAY),
        endDate: iso(now + 10 * DAY),
        effectivePages: [1, 2],
        isOnClickCount: true,
        positionLp: 'center',
        backgroundColor: '#336699',
        buttons: [
          { id: 'cbtn1', buttonType: 'TEXT', buttonText: 'Campaign', buttonLinkType: 'none', position: 'left', buttonPositionX: 10, buttonPositionY: 40, buttonWidth: 140, buttonHeight: 40 },
          { id: 'cbtn2', buttonType: 'TEXT', buttonText: 'Right side', buttonLinkType: 'none', position: 'right', buttonPositionX: 30, buttonPositionY: 200, buttonWidth: 120, buttonHeight: 48 },
        ],
      },
    },
    'jp',
  );
  await owner.call('POST', `/api/site/${siteId}/notification-delivery`, { title: '新茶入荷のお知らせ', content: '本文です', status: 'PUBLISHED', publicationMode: 'INSTANT' }, 201);
  await owner.publish(siteId);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Box = { x: number; y: number; w: number; h: number };

/** Each popup part, the notification banner and the campaign's panels and items, where they are drawn in the window, keyed by what they are. */
function extrasBoxes(target: Frame | Page): Promise<Record<string, Box>> {
  return target.evaluate(() => {
    const boxes: Record<string, Box> = {};
    const put = (key: string, element: Element) => {
      const rect = element.getBoundingClientRect();
      boxes[key] = { x: rect.left, y: rect.top, w: rect.width, h: rect.height };
    };
    const one = (selector: string, key = selector) => {
      const element = document.querySelector(selector);
      if (element) put(key, element);
    };
    one('.sg-popup-cta');
    for (const item of document.querySelectorAll('.sg-popup-item')) {
      const kind = item.getAttribute('data-popup-kind');
      put(`popup ${kind}`, item);
      for (const part of ['.sg-popup-count', '.sg-popup-action', '.sg-popup-close']) {
        const element = item.querySelector(part);
        if (element) put(`popup ${kind} ${part}`, element);
      }
    }
    one('.sg-news');
    one('.sg-news-title');
    for (const panel of document.querySelectorAll('.sg-campaign-panel')) put(`campaign ${panel.getAttribute('data-side')}`, panel);
    for (const item of document.querySelectorAll('[data-campaign-item]')) put(`campaign item ${item.getAttribute('data-campaign-item')}`, item);
    return boxes;
  });
}

const texts = (target: Frame | Page) => target.locator('.sg-popup-count, .sg-popup-action, .sg-news-title').allTextContents();

/** The largest difference between the two drawings' boxes, in px; endless when they do not draw the same things. */
function difference(canvas: Record<string, Box>, live: Record<string, Box>): number {
  if (Object.keys(canvas).sort().join() !== Object.keys(live).sort().join()) return Number.POSITIVE_INFINITY;
  return Math.max(...Object.entries(live).flatMap(([key, box]) => (['x', 'y', 'w', 'h'] as const).map((side) => Math.abs(canvas[key]![side] - box[side]))));
}

function expectSameBoxes(canvas: Record<string, Box>, live: Record<string, Box>, where: string) {
  expect(Object.keys(canvas).sort(), where).toEqual(Object.keys(live).sort());
  for (const [key, box] of Object.entries(live)) {
    const drawn = canvas[key]!;
    for (const side of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(drawn[side] - box[side]), `${where}: ${key} ${side}`).toBeLessThanOrEqual(1);
  }
}

/** The published page at this screen size, once its extras are drawn. */
async function published(size: { width: number; height: number }, ready: string[]): Promise<{ boxes: Record<string, Box>; texts: string[] }> {
  const live = await browser.newPage({ viewport: size });
  await live.goto(`${server.siteUrl}/sites/${siteId}/`);
  await waitForHydration(live);
  for (const selector of ready) await expect.poll(() => live.locator(selector).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  const result = { boxes: await extrasBoxes(live), texts: await texts(live) };
  await live.close();
  return result;
}

async function openEditor(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(CUSTOMER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin-user/site-list');
  await page.goto(`${server.adminUrl}/admin-user/site/${siteId}`);
  // The page opens in the middle of the editor, its fields in the inspector.
  await page.locator('form.page-editor').waitFor();
  return page;
}

const findCanvas = (page: Page) => page.frames().find((candidate) => candidate.url().includes('/preview/'));

/** The canvas's frame, once the editor has its preview address and the frame has loaded it. */
async function canvasFrame(page: Page): Promise<Frame> {
  await expect.poll(() => Boolean(findCanvas(page)), { timeout: 20_000 }).toBe(true);
  return findCanvas(page)!;
}

describe('the canvas is the viewer', () => {
  it('draws the popups, the notification and the campaign panels where the published page does, at each screen size', { timeout: 240_000 }, async () => {
    const page = await openEditor();
    const stage = page.getByTestId('placement-stage');
    const sizes = [
      { label: 'Small phone · 375 × 667', width: 375, height: 667, ready: ['.sg-popup-item', '.sg-news'] },
      { label: 'Large phone · 430 × 932', width: 430, height: 932, ready: ['.sg-popup-item', '.sg-news'] },
      // The campaign's panels show beside the viewer's column where there is room: on PC.
      { label: 'PC · 1280 × 720', width: 1280, height: 720, ready: ['.sg-popup-item', '.sg-news', '[data-campaign-item]'] },
    ];
    for (const size of sizes) {
      await page.getByLabel('Screen size', { exact: true }).selectOption({ label: size.label });
      expect(await stage.getAttribute('data-viewport')).toBe(`${size.width}x${size.height}`);
      expect(await stage.locator('iframe').getAttribute('width')).toBe(String(size.width));
      const frame = await canvasFrame(page);
      await expect.poll(() => frame.evaluate(() => [window.innerWidth, window.innerHeight]), { timeout: 20_000 }).toEqual([size.width, size.height]);
      for (const selector of size.ready) await expect.poll(() => frame.locator(selector).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      const live = await published(size, size.ready);
      // The live popup's own card: its remaining places and countdown, its action, in the site's language.
      expect(live.texts).toEqual(['詳しく見る', '残り35日', '応募する', '残り50名', '新茶入荷のお知らせ']);
      await expect.poll(() => texts(frame)).toEqual(live.texts);
      // The campaign measures its panels after a resize settles (200 ms): the frame was just resized.
      await expect.poll(async () => difference(await extrasBoxes(frame), live.boxes), { timeout: 10_000 }).toBeLessThanOrEqual(1);
      expectSameBoxes(await extrasBoxes(frame), live.boxes, size.label);
      if (size.width === 1280) expect(Object.keys(live.boxes)).toContain('campaign item cbtn2');
      await page.screenshot({ path: `test-results/screenshots/canvas-viewer-${size.width}x${size.height}.png` });
    }
    await page.close();
  });

  it('lays the stage’s handles over the items the viewer draws at every screen size', { timeout: 120_000 }, async () => {
    const page = await openEditor();
    const handle = page.locator(`[data-item="link-${LINK_ID}"]`);
    const key = LINK_ID;
    for (const label of ['Design size · 375 × 739', 'Phone · 390 × 844', 'PC · 1280 × 720']) {
      await page.getByLabel('Screen size', { exact: true }).selectOption({ label });
      const frame = await canvasFrame(page);
      const iframe = page.getByTestId('placement-stage').locator('iframe');
      // The link area as the viewer draws it, in the admin's window: the frame's place plus the element's, scaled as the stage is drawn.
      const drawn = async () => {
        const outer = (await iframe.boundingBox())!;
        const scale = outer.width / Number(await iframe.getAttribute('width'));
        const inner = await frame.locator(`[data-link-id="${key}"]`).evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return { x: rect.left, y: rect.top, w: rect.width, h: rect.height };
        });
        return { x: outer.x + inner.x * scale, y: outer.y + inner.y * scale, w: inner.w * scale, h: inner.h * scale };
      };
      await expect
        .poll(
          async () => {
            const [over, under] = [(await handle.boundingBox())!, await drawn()];
            return Math.max(Math.abs(over.x - under.x), Math.abs(over.y - under.y), Math.abs(over.width - under.w), Math.abs(over.height - under.h));
          },
          { timeout: 20_000 },
        )
        .toBeLessThanOrEqual(1);
    }
    await page.close();
  });

  it('shows a members-only page’s media to its owner under the lock visitors meet', { timeout: 120_000 }, async () => {
    const page = await openEditor();
    await page.getByRole('group', { name: 'Pages' }).getByRole('button', { name: 'A2 · Members only' }).click();
    const canvas = page.frameLocator('iframe.stage-canvas');
    const a2 = canvas.locator('.sg-page[data-position="A2"]');
    await expect.poll(() => a2.locator('img.sg-media').count(), { timeout: 30_000 }).toBe(1);
    expect(await a2.locator('.sg-no-media').count()).toBe(0);
    await expect.poll(() => a2.locator('img.sg-media').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(375);
    expect(await a2.locator('.sg-lock-owner').count()).toBe(1);
    // The lock is the one visitors of the published page meet.
    const live = await browser.newPage({ viewport: { width: 375, height: 739 } });
    await live.goto(`${server.siteUrl}/sites/${siteId}/A2`);
    await waitForHydration(live);
    const visitors = await live.locator('.sg-page[data-position="A2"] .sg-lock').getByRole('button').allTextContents();
    expect(await live.locator('.sg-page[data-position="A2"] img.sg-media').count()).toBe(0);
    await live.close();
    expect(visitors).toHaveLength(2);
    expect(await a2.locator('.sg-lock-owner').getByRole('button').allTextContents()).toEqual(visitors);
    await page.screenshot({ path: 'test-results/screenshots/canvas-members-only.png' });
    await page.close();
  });

  it('shows an upload on the canvas as soon as it is stored, without reloading it', { timeout: 120_000 }, async () => {
    const page = await openEditor();
    const form = page.locator('form.page-editor');
    const canvas = page.frameLocator('iframe.stage-canvas');
    const a1 = canvas.locator('.sg-page[data-position="A1"]');
    await expect.poll(() => a1.locator('img.sg-media').count(), { timeout: 30_000 }).toBe(1);
    // A mark in the canvas's window: a reload would lose it.
    await (await canvasFrame(page)).evaluate(() => {
      document.documentElement.dataset.testMark = 'kept';
    });
    await form.getByLabel('Image or video').setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#e64a19', 300, 600) });
    await expect.poll(() => a1.locator('img.sg-media').evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 30_000 }).toBe(300);
    expect(await (await canvasFrame(page)).evaluate(() => document.documentElement.dataset.testMark)).toBe('kept');
    await page.close();
  });
});
