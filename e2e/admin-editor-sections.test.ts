import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { mp4Bytes } from '../api/test-support.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import type { SiteView } from '../model/site-view.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { pageIds, signIn } from './site-api.ts';

const OPERATOR_PASSWORD = 'Operator-pass1!';
const CUSTOMER = 'popups@example.com';
const PASSWORD = 'Popup#Owner1';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let customer: Awaited<ReturnType<typeof signIn>>;
let siteId = '';
let surveyId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-popup-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  const operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
  await operator.call('POST', '/api/master/user', { companyName: 'Popup Inc', email: CUSTOMER, accountType: 'USER', planId: 'standard', password: 'First#Pass1' }, 201);
  const first = await signIn(server, CUSTOMER, 'First#Pass1');
  await first.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password: PASSWORD, confirmPassword: PASSWORD });
  customer = await signIn(server, CUSTOMER, PASSWORD);
  siteId = (await customer.createSite({ name: 'Popup shop', numberHorizontal: 3, numberVertical: 3 })).id;
  const survey = await customer.call<{ id: string }>(
    'POST',
    `/api/site/${siteId}/survey`,
    {
      title: 'Favourite colour',
      questions: [{ id: crypto.randomUUID(), title: 'Which colour?', options: [{ id: crypto.randomUUID(), value: 'Green' }] }],
    },
    201,
  );
  surveyId = survey.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const toastText = (page: Page) => page.getByTestId('toast').textContent();

/** A `datetime-local` value this many minutes from now, in the browser's zone, to the minute. */
const localInMinutes = (page: Page, minutes: number) =>
  page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 60_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, minutes);

async function openEditor(tab: string, as = { email: CUSTOMER, password: PASSWORD, prefix: 'admin-user', site: '' }): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(as.email);
  await page.getByLabel('Password').fill(as.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/${as.prefix}/site-list`);
  await page.goto(`${server.adminUrl}/${as.prefix}/site/${as.site || siteId}`);
  // A site section, opened from the editor's rail beside the canvas; none: the page in the inspector.
  if (tab) await page.getByRole('button', { name: tab, exact: true }).click();
  return page;
}

async function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 250, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** A playable MP4: the server sniffs its `ftyp` box and probes it with ffprobe. */
async function mp4(): Promise<Buffer> {
  return Buffer.from(await mp4Bytes(4096));
}

/** The editor's canvas, once it has loaded the preview. */
async function canvasFrame(page: Page): Promise<Frame> {
  const find = () => page.frames().find((candidate) => candidate.url().includes('/preview/'));
  await expect.poll(() => Boolean(find()), { timeout: 20_000 }).toBe(true);
  return find()!;
}

type Box = { x: number; y: number; w: number; h: number };

/** The popup layer and each item with its parts, where they are drawn in the window (the canvas's or the published page's). */
function popupBoxes(target: Frame | Page): Promise<Record<string, Box>> {
  return target.evaluate(() => {
    const boxes: Record<string, Box> = {};
    const put = (key: string, element: Element | null) => {
      if (!element) return;
      const rect = element.getBoundingClientRect();
      boxes[key] = { x: rect.left, y: rect.top, w: rect.width, h: rect.height };
    };
    put('layer', document.querySelector('.sg-popup-cta'));
    for (const item of document.querySelectorAll('.sg-popup-item')) {
      const kind = item.getAttribute('data-popup-kind');
      put(kind!, item);
      for (const part of ['.sg-popup-media', '.sg-popup-count', '.sg-popup-action', '.sg-popup-close']) put(`${kind} ${part}`, item.querySelector(part));
    }
    return boxes;
  });
}

/** Two frames drawn in the editor and then in its canvas: whatever the last change sent has arrived and been drawn. */
async function renderedAll(page: Page, canvas: Frame): Promise<void> {
  for (const target of [page, canvas]) await target.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** The largest difference between two drawings' boxes, in px; endless when they do not draw the same parts. */
function difference(canvas: Record<string, Box>, live: Record<string, Box>): number {
  if (Object.keys(canvas).sort().join() !== Object.keys(live).sort().join()) return Number.POSITIVE_INFINITY;
  return Math.max(...Object.entries(live).flatMap(([key, box]) => (['x', 'y', 'w', 'h'] as const).map((side) => Math.abs(canvas[key]![side] - box[side]))));
}

describe('the popup CTA editor', () => {
  it('draws what is typed on the canvas before it is saved, as the published page then draws it; messages beside fields; typed work kept', { timeout: 240_000 }, async () => {
    const page = await openEditor('Popup CTA');
    const time = page.getByTestId('popup-timeLimit');
    await time.getByLabel('Enabled').check();
    // A new popup shows on no page yet: the section says so, as the canvas shows none.
    await expect.poll(() => page.getByTestId('popup-timeLimit-placement').textContent()).toBe('Tick the rows it shows on to see it on the canvas.');

    // An end before the start: the message is beside the end, and nothing typed is lost.
    await time.getByLabel('Start').fill(await localInMinutes(page, 600));
    await time.getByLabel('End').fill(await localInMinutes(page, 300));
    await time.getByLabel('Background colour', { exact: true }).fill('#112233');
    await time.getByLabel('Text colour', { exact: true }).fill('not a colour');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => time.getByText('Invalid date range.').count()).toBe(1);
    await expect.poll(() => time.getByText('Invalid colour.').count()).toBe(1);
    // A popup whose click leads nowhere is refused beside its target.
    await expect.poll(() => time.getByText('Choose where this leads.').count()).toBe(1);
    expect(await time.getByLabel('Background colour', { exact: true }).inputValue()).toBe('#112233');
    await time.getByLabel('Start').fill('');
    await time.getByLabel('Text colour', { exact: true }).fill('#FFEEDD');

    // Ticked for rows 2 and 3, it is not on A1, the canvas's page: one click moves the canvas to A2.
    await time.getByLabel('Row 2').check();
    await time.getByLabel('Row 3').check();
    const placement = page.getByTestId('popup-timeLimit-placement');
    await expect.poll(() => placement.getByRole('status').textContent()).toBe('Not on A1, the page on the canvas: it shows on A2 and the other ticked rows.');
    await placement.getByRole('button', { name: 'Show A2 on the canvas' }).click();
    await expect.poll(() => placement.textContent()).toBe('Shown on the canvas, on A2.');
    expect(await page.getByRole('group', { name: 'Pages' }).getByRole('button', { name: 'A2', exact: true }).getAttribute('aria-current')).toBe('page');
    // The section stays open beside the canvas.
    expect(await page.getByRole('form', { name: 'Popup CTA' }).isVisible()).toBe(true);

    // The canvas draws the viewer's own popup from the unsaved settings: its countdown reads as visitors' will, in the site's language.
    const canvas = await canvasFrame(page);
    const item = canvas.locator('.sg-page[data-position="A2"] .sg-popup-item[data-popup-kind="timeLimit"]');
    await time.getByLabel('Show the countdown').check();
    await expect.poll(() => item.locator('.sg-popup-count').textContent(), { timeout: 30_000 }).toBe('残り5時間');
    await time.getByLabel('End').fill(await localInMinutes(page, 30 + 1));
    await expect.poll(() => item.locator('.sg-popup-count').textContent()).toMatch(/^残り(30|31)分$/);
    await time.getByLabel('End').fill(await localInMinutes(page, 4 * 24 * 60 + 1));
    await expect.poll(() => item.locator('.sg-popup-count').textContent()).toBe('残り5日');
    const style = (selector: string, property: string) => canvas.locator(selector).evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
    await expect.poll(() => style('.sg-popup-item[data-popup-kind="timeLimit"]', 'background-color')).toBe('rgb(17, 34, 51)');
    expect(await style('.sg-popup-item[data-popup-kind="timeLimit"]', 'color')).toBe('rgb(255, 238, 221)');

    // Half typed, the popup is not sent: the canvas keeps the last whole one until the field is whole again.
    await time.getByLabel('Width').fill('');
    await time.getByLabel('Background colour', { exact: true }).fill('#445566');
    await renderedAll(page, canvas);
    expect(await style('.sg-popup-item[data-popup-kind="timeLimit"]', 'background-color')).toBe('rgb(17, 34, 51)');
    await time.getByLabel('Width').fill('150');
    await expect.poll(() => style('.sg-popup-item[data-popup-kind="timeLimit"]', 'background-color')).toBe('rgb(68, 85, 102)');

    // The button's colours are picked with the swatch; the text beside it follows, and the swatch shows any form the text takes.
    const button = time.getByTestId('popup-timeLimit-button');
    await button.getByLabel('Pick a colour: Button colour').fill('#336699');
    expect(await button.getByLabel('Button colour', { exact: true }).inputValue()).toBe('#336699');
    await button.getByLabel('Button text colour', { exact: true }).fill('hsl(0, 0%, 100%)');
    expect(await button.getByLabel('Pick a colour: Button text colour').inputValue()).toBe('#ffffff');
    await time.getByLabel('Text size').fill('18');
    await time.getByLabel('Height').fill('44');
    await time.getByLabel('Shape').selectOption('SLIGHTLY_ROUNDED_EDGE');
    await time.getByLabel('Text position').selectOption('TOP');
    await time.getByLabel('Image or video').setInputFiles({ name: 'offer.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#ff0000') });
    await time.getByLabel('Media width (px)').fill('150');
    await time.getByLabel('Media height (px)').fill('125');
    // A page of the grid is picked, not typed; with somewhere to lead, the popup has its action button.
    await time.getByLabel('Transition type').selectOption('CREATIVE_BLOCK');
    const target = time.getByLabel('Target page');
    expect(await target.evaluate((field) => field.tagName)).toBe('SELECT');
    await target.selectOption('B2');
    await expect.poll(() => item.locator('img.sg-popup-media').getAttribute('width')).toBe('150');
    await expect.poll(() => item.locator('img.sg-popup-media').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(300);
    await expect.poll(() => style('.sg-popup-item[data-popup-kind="timeLimit"] .sg-popup-action', 'width')).toBe('150px');
    expect(await style('.sg-popup-item[data-popup-kind="timeLimit"] .sg-popup-action', 'background-color')).toBe('rgb(51, 102, 153)');
    expect(await style('.sg-popup-item[data-popup-kind="timeLimit"]', 'border-top-left-radius')).toBe('3px');
    expect(await style('.sg-popup-item[data-popup-kind="timeLimit"]', 'font-size')).toBe('18px');
    // Text on top: the countdown comes before the button.
    expect(await item.locator('.sg-popup-count, .sg-popup-action').evaluateAll((parts) => parts.map((part) => part.className))).toEqual(['sg-popup-count', 'sg-popup-action']);
    await time.getByLabel('Transition type').selectOption('SURVEY');
    await time.getByLabel('Survey').selectOption({ label: 'Favourite colour' });

    const applicants = page.getByTestId('popup-applicantLimit');
    await applicants.getByLabel('Enabled').check();
    await applicants.getByLabel('Row 2').check();
    // Without a limit it has no places: the section says why the canvas shows none.
    await expect.poll(() => page.getByTestId('popup-applicantLimit-placement').textContent()).toBe('Not shown: no places are left under its applicant limit.');
    await applicants.getByLabel('Applicant limit').fill('40');
    const applicant = canvas.locator('.sg-page[data-position="A2"] .sg-popup-item[data-popup-kind="applicantLimit"]');
    await expect.poll(() => applicant.locator('.sg-popup-count').textContent()).toBe('残り40名');
    await applicants.getByLabel('Applicant limit').fill('35');
    await expect.poll(() => applicant.locator('.sg-popup-count').textContent()).toBe('残り35名');
    await applicants.getByLabel('Image or video').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: await mp4() });
    await applicants.getByLabel('Media width (px)').fill('120');
    await applicants.getByLabel('Media height (px)').fill('68');
    await expect.poll(() => applicant.locator('video.sg-popup-media').getAttribute('width')).toBe('120');
    await applicants.getByLabel('Transition type').selectOption('INTERNAL_URL');
    await applicants.getByLabel('Screen').selectOption('membership');
    await expect.poll(() => applicant.locator('.sg-popup-action').textContent()).toBe('応募する');

    // All of it was drawn before a save: the site still has no popup.
    expect((await customer.call<SiteView>('GET', `/api/site/${siteId}`)).settings.popupCtas).toEqual({});
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => toastText(page)).toBe('Saved.');

    const site = await customer.call<SiteView>('GET', `/api/site/${siteId}`);
    const { timeLimit, applicantLimit } = site.settings.popupCtas;
    expect(timeLimit).toMatchObject({
      startDate: null,
      showRemainingTime: true,
      effectivePages: [2, 3],
      style: { backgroundColor: '#445566', textColor: '#FFEEDD', textSize: 18, width: 150, height: 44, shape: 'SLIGHTLY_ROUNDED_EDGE', textAlignment: 'TOP' },
      media: { type: 'IMAGE', width: 150, height: 125 },
      linkButtonColor: '#336699',
      linkTextColor: 'hsl(0, 0%, 100%)',
      transition: { transitionType: 'SURVEY', linkedSurveyId: surveyId, targetCreativeBlock: 'B2' },
    });
    expect(Date.parse(timeLimit!.endDate!) - Date.now()).toBeGreaterThan(4 * 24 * 3600_000 - 120_000);
    expect(timeLimit!.endDate).toMatch(/[+-]\d\d:\d\d$/);
    expect(timeLimit!.media.url).toMatch(new RegExp(`/${site.media.find((record) => record.kind === 'image')!.id}$`));
    expect(applicantLimit).toMatchObject({
      limit: 35,
      effectivePages: [2],
      media: { type: 'VIDEO', width: 120, height: 68 },
      transition: { transitionType: 'INTERNAL_URL', internalLinkType: 'membership' },
    });

    // Published, A2 draws the popups where the canvas drew them, at the canvas's screen size (375 × 739).
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.getByTestId('publish-result').count(), { timeout: 60_000 }).toBe(1);
    const live = await browser.newPage({ viewport: { width: 375, height: 739 } });
    await live.goto(`${server.siteUrl}/sites/${siteId}/A2`);
    await waitForHydration(live);
    await live.locator('.sg-popup-item[data-popup-kind="applicantLimit"]').waitFor({ timeout: 20_000 });
    // Each drawing measured with its media loaded: a video's box follows its own size once known.
    const loaded = (target: Frame | Page) =>
      target.evaluate(
        () =>
          [...document.querySelectorAll<HTMLImageElement>('img.sg-popup-media')].every((image) => image.complete) &&
          [...document.querySelectorAll<HTMLVideoElement>('video.sg-popup-media')].every((video) => video.readyState >= 1),
      );
    await expect.poll(() => loaded(live), { timeout: 20_000 }).toBe(true);
    const published = await popupBoxes(live);
    expect(Object.keys(published)).toEqual(expect.arrayContaining(['layer', 'timeLimit .sg-popup-media', 'timeLimit .sg-popup-count', 'applicantLimit .sg-popup-action']));
    expect(await live.locator('.sg-popup-count').allTextContents()).toEqual(['残り5日', '残り35名']);
    await live.close();
    expect(await canvas.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([375, 739]);
    await expect.poll(() => loaded(canvas), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => difference(await popupBoxes(canvas), published), { timeout: 10_000 }).toBeLessThanOrEqual(1);

    // Reloaded, the editor shows what was saved, the date in the browser's zone.
    await page.reload();
    await page.getByRole('button', { name: 'Popup CTA', exact: true }).click();
    expect(await time.getByLabel('Survey').inputValue()).toBe(surveyId);
    expect(await time.getByLabel('End').inputValue()).toBe(
      await page.evaluate((iso) => {
        const at = new Date(iso);
        const pad = (value: number) => String(value).padStart(2, '0');
        return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      }, timeLimit!.endDate!),
    );
    expect(await time.getByLabel('Row 2').isChecked()).toBe(true);

    // Switching a popup off takes it off the canvas at once, and off the site once saved.
    await page.getByTestId('popup-timeLimit-placement').getByRole('button', { name: 'Show A2 on the canvas' }).click();
    await expect.poll(() => page.getByTestId('popup-timeLimit-placement').textContent()).toBe('Shown on the canvas, on A2.');
    const reloaded = await canvasFrame(page);
    await expect.poll(() => reloaded.locator('.sg-page[data-position="A2"] .sg-popup-item').count(), { timeout: 30_000 }).toBe(2);
    await applicants.getByLabel('Enabled').uncheck();
    await expect.poll(() => reloaded.locator('.sg-page[data-position="A2"] .sg-popup-item').count()).toBe(1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await customer.call<SiteView>('GET', `/api/site/${siteId}`)).settings.popupCtas.applicantLimit).toBeUndefined();
    await page.close();
  });
});

describe('the campaign editor', () => {
  it('sets the background, dates, pages and side-panel banners, buttons and links with their media and places', { timeout: 120_000 }, async () => {
    const page = await openEditor('Campaign');
    const campaign = page.getByRole('form', { name: 'Campaign' });
    // The name's limit is a counter under it, not words in its label; past it the field is marked and the save refused.
    const name = campaign.getByLabel('Campaign name');
    await name.fill('S'.repeat(51));
    const counter = campaign.locator('.field').filter({ hasText: 'Campaign name' }).getByTestId('length-counter');
    expect(await counter.textContent()).toBe('51 / 50');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await counter.getAttribute('aria-live')).toBe('polite');
    await campaign.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => campaign.getByText('Must be at most 50 characters.').count()).toBe(1);
    await campaign.getByLabel('Campaign name').fill('Spring sale');
    expect(await counter.textContent()).toBe('11 / 50');
    expect(await name.getAttribute('aria-invalid')).toBe('false');
    await campaign.getByLabel('Start').fill(await localInMinutes(page, -60));
    await campaign.getByLabel('End').fill(await localInMinutes(page, -120));
    await campaign.getByLabel('Background image').setInputFiles({ name: 'bg.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#00aa00') });
    await expect.poll(() => campaign.getByTestId('media-preview').count()).toBe(1);
    await campaign.getByLabel('Background colour', { exact: true }).fill('#FAFAFA');
    await campaign.getByLabel('Background opacity (%)').fill('60');
    await campaign.getByLabel('Landing page position').selectOption('left');
    await campaign.getByLabel('Row 1').check();

    await campaign.getByRole('button', { name: 'Add a banner' }).click();
    const banner = campaign.getByTestId('banner-0');
    await banner.getByLabel('Banner image').setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#0000ff') });
    await expect.poll(() => banner.getByTestId('media-preview').count()).toBe(1);
    await banner.getByLabel('Link URL').fill('not a url');
    await banner.getByLabel('Side').selectOption('right');
    await banner.getByLabel('Left').fill('12');
    await banner.getByLabel('Top').fill('34');

    await campaign.getByRole('button', { name: 'Add a button' }).click();
    const button = campaign.getByTestId('campaign-button-0');
    await button.getByLabel('Button kind').selectOption('MEDIA');
    await button.getByLabel('Button image or video').setInputFiles({ name: 'button.mp4', mimeType: 'video/mp4', buffer: await mp4() });
    await expect.poll(() => button.getByLabel('Video thumbnail').count()).toBe(1);
    await button.getByLabel('Video thumbnail').setInputFiles({ name: 'poster.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#333333') });
    await button.getByLabel('Link type').selectOption('page');
    await button.getByLabel('Page', { exact: true }).selectOption({ label: 'Page 2 of this category' });
    await button.getByLabel('Left').fill('5');
    await button.getByLabel('Top').fill('400');

    await campaign.getByRole('button', { name: 'Add a link' }).click();
    const link = campaign.getByTestId('campaign-link-0');
    await link.getByLabel('Link URL').fill('https://example.com/sale');
    await link.getByLabel('Width').fill('80');

    // Two mistakes: each message beside its field, everything typed kept.
    await campaign.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => campaign.getByText('Invalid date range.').count()).toBe(1);
    await expect.poll(() => banner.getByText('Invalid URL.').count()).toBe(1);
    expect(await campaign.getByLabel('Campaign name').inputValue()).toBe('Spring sale');
    expect(await banner.getByTestId('media-preview').count()).toBe(1);

    await campaign.getByLabel('End').fill(await localInMinutes(page, 7 * 24 * 60));
    await banner.getByLabel('Link URL').fill('https://example.com/banner');
    await campaign.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => toastText(page)).toBe('Saved.');

    const site = await customer.call<SiteView>('GET', `/api/site/${siteId}`);
    const saved = site.settings.campaign!;
    expect(saved).toMatchObject({ name: 'Spring sale', backgroundColor: '#FAFAFA', backgroundOpacity: 60, positionLp: 'left', effectivePages: [1] });
    expect(saved.backgroundImage).not.toBe('');
    expect(Date.parse(saved.startDate!)).toBeLessThan(Date.now());
    expect(saved.banners[0]).toMatchObject({ linkDestinationUrl: 'https://example.com/banner', position: 'right', bannerX: 12, bannerY: 34 });
    expect(saved.banners[0]!.mediaUrl).not.toBe('');
    expect(saved.buttons[0]).toMatchObject({ buttonType: 'MEDIA', isVideo: true, buttonLinkType: 'page', linkDestinationUrl: '2', buttonPositionX: 5, buttonPositionY: 400 });
    expect(saved.buttons[0]!.thumbnailUrl).not.toBe('');
    expect(saved.links[0]).toMatchObject({ linkDestinationUrl: 'https://example.com/sale', width: 80 });
    await page.close();
  });
});

describe('the page editor’s buttons', () => {
  it('takes a video for a media button, a colour picked with the swatch and a chosen “no link”', { timeout: 120_000 }, async () => {
    const page = await openEditor('');
    const form = page.locator('form.page-editor');
    await expect.poll(() => form.getAttribute('aria-label')).toContain('A1');
    await page.getByRole('button', { name: 'Add a button' }).click();
    const button = form.getByTestId('button-0');
    await button.getByLabel('Button kind').selectOption('media');
    await button.getByLabel('Button image or video').setInputFiles({ name: 'cta.mp4', mimeType: 'video/mp4', buffer: await mp4() });
    await expect.poll(() => button.getByTestId('media-preview').evaluate((preview) => preview.tagName)).toBe('VIDEO');
    await button.getByLabel('Pick a colour: Button colour').fill('#224466');
    expect(await button.getByLabel('Button colour', { exact: true }).inputValue()).toBe('#224466');
    await button.getByLabel('Link type').selectOption('none');
    // The page saves itself once the owner stops.
    const savedButton = async () => (await customer.call<SiteView>('GET', `/api/site/${siteId}`)).creatives[0]!.pages.find((one) => one.position === 'A1')!.buttons[0];
    await expect.poll(async () => (await savedButton())?.buttonLinkType, { timeout: 20_000 }).toBe('none');
    const site = await customer.call<SiteView>('GET', `/api/site/${siteId}`);
    const saved = (await savedButton())!;
    expect(saved).toMatchObject({ buttonType: 'media', buttonLinkType: 'none', buttonColor: '#224466' });
    expect(site.media.find((record) => saved.buttonImageUrl.endsWith(`/${record.id}`))?.kind).toBe('video');
    await page.close();
  });
});

describe('the grid of the site settings', () => {
  it('asks in a dialog before rows and columns drop pages that hold content', { timeout: 120_000 }, async () => {
    const site = await customer.call<SiteView>('GET', `/api/site/${siteId}`);
    const c3 = pageIds(site).C3!;
    await customer.writePage(siteId, c3, { detail: { mainText: 'Last page' } });
    const page = await openEditor('Site settings');
    const grid = page.getByRole('form', { name: 'Grid' });
    await grid.getByLabel('Columns').fill('2');
    await grid.getByRole('button', { name: 'Apply rows and columns' }).click();
    const confirmation = page.getByRole('alertdialog');
    await expect.poll(() => confirmation.textContent()).toContain('C3');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    expect((await customer.call<SiteView>('GET', `/api/site/${siteId}`)).settings.numberHorizontal).toBe(3);
    await grid.getByRole('button', { name: 'Apply rows and columns' }).click();
    await confirmation.getByRole('button', { name: 'Apply rows and columns' }).click();
    await expect.poll(() => toastText(page)).toBe('Saved.');
    expect((await customer.call<SiteView>('GET', `/api/site/${siteId}`)).settings.numberHorizontal).toBe(2);
    await page.close();
  });
});

describe('the domain setup of the site settings', () => {
  it('goes from set to saved, refusing a malformed domain and one another site uses beside the field', { timeout: 120_000 }, async () => {
    const operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
    const taken = await operator.createSite({ name: 'Taken', numberHorizontal: 1, numberVertical: 1 });
    await operator.updateSite(taken.id, { customDomain: 'shop.example.com' });
    const mine = await operator.createSite({ name: 'Mine', numberHorizontal: 1, numberVertical: 1 });
    const page = await openEditor('Site settings', { email: 'owner@example.com', password: OPERATOR_PASSWORD, prefix: 'master', site: mine.id });
    const domain = page.getByRole('form', { name: 'Custom domain' });
    const current = () => domain.locator('[aria-current="step"]').textContent();
    expect(await domain.locator('[aria-current="step"]').count()).toBe(0);
    expect(await domain.locator('.stepper li').allTextContents()).toEqual(['Set', 'Saved', 'Verifying (up to 72 hours)', 'Connected']);

    await domain.getByLabel('Custom domain').fill('not a domain');
    await domain.getByRole('button', { name: 'Save the domain' }).click();
    await expect.poll(() => domain.getByText('Invalid domain format.').count()).toBe(1);
    await domain.getByLabel('Custom domain').fill('shop.example.com');
    await expect.poll(current).toBe('Set');
    await domain.getByRole('button', { name: 'Save the domain' }).click();
    await expect.poll(() => domain.getByText('The domain shop.example.com is already used by another site.').count()).toBe(1);
    expect(await domain.getByLabel('Custom domain').inputValue()).toBe('shop.example.com');
    expect(await current()).toBe('Set');

    await domain.getByLabel('Custom domain').fill('mine.example.com');
    await domain.getByRole('button', { name: 'Save the domain' }).click();
    await expect.poll(() => toastText(page)).toBe('Saved.');
    await expect.poll(current).toBe('Saved');
    // Saved: the exact records to create, and the button that starts the check.
    await expect.poll(() => domain.getByTestId('dns-records').textContent()).toContain('_swipegrid.mine.example.com');
    expect(await domain.getByRole('button', { name: 'Start the check' }).count()).toBe(1);
    expect((await operator.call<SiteView>('GET', `/api/site/${mine.id}`)).settings.customDomain).toBe('mine.example.com');
    await page.close();
  });

  it('is locked for a plan without a private domain', { timeout: 60_000 }, async () => {
    const page = await openEditor('Site settings');
    const domain = page.getByRole('form', { name: 'Custom domain' });
    await expect.poll(() => domain.getByText('Custom domains need a plan with a private domain.').count()).toBe(1);
    expect(await domain.getByRole('button', { name: 'Save the domain' }).isDisabled()).toBe(true);
    await page.close();
  });
});
