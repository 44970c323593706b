import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { FOLD_MS } from '../admin/src/console/screens/editor/page/history.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { audioBytes } from '../api/test-support.ts';
import { signIn } from './site-api.ts';

const OPERATOR_PASSWORD = 'Operator-pass1!';
const CUSTOMER = 'canvas@example.com';
const PASSWORD = 'Canvas#Owner1';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let siteId = '';
let surveyId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-canvas-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  const operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
  await operator.call('POST', '/api/master/user', { companyName: 'Canvas Inc', email: CUSTOMER, accountType: 'USER', planId: 'standard', password: 'First#Pass1' }, 201);
  const first = await signIn(server, CUSTOMER, 'First#Pass1');
  await first.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password: PASSWORD, confirmPassword: PASSWORD });
  const customer = await signIn(server, CUSTOMER, PASSWORD);
  const site = await customer.createSite({ name: 'Canvas shop', numberHorizontal: 1, numberVertical: 2 });
  siteId = site.id;
  // Another page already answers at a path, so a save that asks for it is refused by the server.
  await customer.call('PUT', `/api/site/${siteId}/page/${site.creatives[0]!.pages[1]!.id}?lang=jp`, { customPath: 'taken-path' });
  // The survey screens are another part's; the survey a link area leads to is made through the API, then picked by its title.
  const survey = await customer.call<{ id: string }>(
    'POST',
    `/api/site/${siteId}/survey`,
    { title: 'Taste', questions: [{ id: crypto.randomUUID(), title: 'Sweet?', options: [{ id: crypto.randomUUID(), value: 'Yes' }] }] },
    201,
  );
  surveyId = survey.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const jpeg = (colour: string, width = 375, height = 739) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Every placed element of page A1, in px from the page's corner. */
function elementBoxes(frame: Frame | Page) {
  return frame.evaluate(() => {
    const page = document.querySelector('.sg-page[data-position="A1"]');
    if (!page) return {};
    const origin = page.getBoundingClientRect();
    const boxes: Record<string, { x: number; y: number; w: number; h: number }> = {};
    for (const element of page.querySelectorAll('[data-button-id], [data-link-id], [data-product-id], .sg-main-text')) {
      const id = element.getAttribute('data-button-id') ?? element.getAttribute('data-link-id') ?? element.getAttribute('data-product-id') ?? 'main-text';
      const rect = element.getBoundingClientRect();
      boxes[id] = { x: rect.left - origin.left, y: rect.top - origin.top, w: rect.width, h: rect.height };
    }
    return boxes;
  });
}

describe('the page canvas', () => {
  it('builds a page through the console on the viewer’s own rendering, and the published page shows each element where the canvas did', { timeout: 240_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.adminUrl}/login`);
    await page.getByLabel('言語').selectOption('en');
    await page.getByLabel('Email').fill(CUSTOMER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin-user/site-list');
    await page.goto(`${server.adminUrl}/admin-user/site/${siteId}`);
    // The inspector beside the canvas: the page's own fields until an item is selected.
    const form = page.locator('form.page-editor');
    const saveState = () => page.getByTestId('save-state').textContent();

    // Page detail: its image, a main text, background music and a custom path (first one another page has).
    await form.getByLabel('Image or video').setInputFiles({ name: 'page.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#1976d2') });
    await expect.poll(() => form.getByTestId('media-preview').count(), { timeout: 20_000 }).toBe(1);
    await form.getByLabel('Main text', { exact: true }).fill('Spring tea');
    const music = form.getByTestId('music-field');
    // A picture is not music: the server says so beside the field, and the page keeps no music.
    await music.getByLabel('Upload an audio file').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#000000', 8, 8) });
    await expect.poll(() => music.locator('.field-error').textContent(), { timeout: 20_000 }).toBe('Unsupported file format. Please upload MP3, M4A (AAC) or WAV files.');
    expect(await music.getByTestId('music-preview').count()).toBe(0);
    await music.getByLabel('Upload an audio file').setInputFiles({ name: 'theme.wav', mimeType: 'audio/wav', buffer: Buffer.from(await audioBytes('wav', 330, 2)) });
    await expect.poll(() => music.getByTestId('music-preview').count(), { timeout: 20_000 }).toBe(1);
    expect(await music.getByLabel('Or choose one already uploaded').locator('option:checked').textContent()).toBe('theme.wav');
    await form.getByLabel('Custom path').fill('taken-path');

    // The page's own social links: LINE, then X moved above it.
    const sns = form.getByTestId('page-sns');
    await sns.getByLabel('Show social links on this page').check();
    await sns.getByRole('button', { name: 'Add a link' }).click();
    await sns.getByTestId('page-sns-0').getByLabel('Network').selectOption('line');
    await sns.getByTestId('page-sns-0').getByLabel('URL').fill('https://line.example/tea');
    await sns.getByRole('button', { name: 'Add a link' }).click();
    await sns.getByTestId('page-sns-1').getByLabel('Network').selectOption('x');
    await sns.getByTestId('page-sns-1').getByLabel('URL').fill('https://x.example/tea');
    await sns.getByRole('button', { name: 'Move up 2' }).click();
    expect(await sns.getByTestId('page-sns-0').getByLabel('Network').inputValue()).toBe('x');
    await music.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/page-music-sns.png' });

    // A media button, added from the canvas toolbar and selected at once: pulse, pill, microcopy below.
    await page.getByRole('button', { name: 'Add a button' }).click();
    const media = form.getByTestId('button-0');
    await media.getByLabel('Button kind').selectOption('media');
    await media.getByLabel('Button image').setInputFiles({ name: 'button.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#f57c00', 240, 80) });
    await expect.poll(() => media.getByTestId('media-preview').count(), { timeout: 20_000 }).toBe(1);
    await media.getByLabel('Link URL').fill('https://example.com/buy');
    await media.getByLabel('Animation').selectOption('PULSE');
    await media.getByLabel('Shape').selectOption('pill');
    await media.getByLabel('Microcopy', { exact: true }).fill('Only today');
    await media.getByLabel('Microcopy placement').selectOption('bottom');

    // An HTML button, higher up.
    await page.getByRole('button', { name: 'Add a button' }).click();
    const html = form.getByTestId('button-1');
    await html.getByLabel('Button kind').selectOption('html');
    await html.getByLabel('Button HTML').fill('<b>Hello</b>');
    await html.getByLabel('Link URL').fill('https://example.com/hello');
    await html.getByLabel('Top', { exact: true }).fill('420');

    // A link area to the survey.
    await page.getByRole('button', { name: 'Add a link area' }).click();
    const link = form.getByTestId('link-0');
    await link.getByLabel('Link type').selectOption('survey');
    await link.getByLabel('Survey', { exact: true }).selectOption({ label: 'Taste' });
    expect(await link.getByLabel('Survey', { exact: true }).inputValue()).toBe(surveyId);
    expect(await link.getByRole('link', { name: 'Create a survey' }).getAttribute('href')).toBe(`/admin-user/survey/${siteId}/create`);
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/page-survey-picker.png' });

    // A product with an image and a link button.
    await page.getByRole('button', { name: 'Add a product' }).click();
    const product = form.getByTestId('product-0');
    await product.getByLabel('Product image').setInputFiles({ name: 'tea.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#388e3c', 300, 250) });
    await expect.poll(() => product.getByTestId('media-preview').count(), { timeout: 20_000 }).toBe(1);
    await product.getByLabel('Product name').fill('Green tea');
    await product.getByLabel('Link button text').fill('Buy the tea');
    await product.getByLabel('Link URL').fill('https://example.com/tea');

    // The server refuses every autosave while the page holds the path page A2 has: the bar says why, the message stands
    // beside the field (back on the page's own fields with Escape), and everything typed stays.
    await expect.poll(() => saveState(), { timeout: 20_000 }).toBe('Not saved: Page A2 already uses this path. Choose another one.');
    expect(await product.getByLabel('Link button text').inputValue()).toBe('Buy the tea');
    await page.keyboard.press('Escape');
    const customPath = form.getByLabel('Custom path');
    await expect.poll(() => customPath.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator(`[id="${await customPath.getAttribute('aria-describedby')}"]`).textContent()).toBe('Page A2 already uses this path. Choose another one.');
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await form.getByLabel('Main text', { exact: true }).inputValue()).toBe('Spring tea');
    expect(await sns.getByTestId('page-sns-1').getByLabel('URL').inputValue()).toBe('https://line.example/tea');
    await customPath.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/page-save-field-error.png' });
    await customPath.fill('spring-tea');
    await expect.poll(() => saveState(), { timeout: 20_000 }).toBe('Saved · just now');
    expect(await customPath.getAttribute('aria-invalid')).toBe('false');

    // The canvas is the viewer: the saved page's elements, drawn by its own components.
    const canvas = page.frameLocator('iframe.stage-canvas');
    await expect.poll(() => canvas.locator('.sg-page[data-position="A1"] [data-button-id]').count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => canvas.locator('.sg-page[data-position="A1"] .sg-microcopy').textContent()).toBe('Only today');
    // Its media too, looked up by the draft's URLs the form holds.
    expect(await canvas.locator('.sg-page[data-position="A1"] .sg-no-media').count()).toBe(0);
    await expect.poll(() => canvas.locator('.sg-page[data-position="A1"] [data-button-id] img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(240);
    const frame = page.frames().find((candidate) => candidate.url().includes('/preview/'))!;

    // Dragging the media button on the stage moves it on the canvas, unsaved, and the numbers follow.
    const left = media.getByLabel('Left', { exact: true });
    const buttonId = (await page.locator('[data-item^="button-"]').first().getAttribute('data-item'))!.slice('button-'.length);
    const handle = page.locator(`[data-item="button-${buttonId}"]`);
    const start = (await handle.boundingBox())!;
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 - 40, start.y + start.height / 2 - 100, { steps: 8 });
    await page.mouse.up();
    expect(await left.inputValue()).toBe('87');
    // Picking it on the stage selects it: the inspector shows its fields alone.
    expect(await handle.getAttribute('aria-pressed')).toBe('true');
    expect(await form.getByRole('heading', { level: 2 }).textContent()).toBe('Button 1');
    expect(await form.getByTestId('button-1').count()).toBe(0);
    expect(await media.getAttribute('class')).toContain('item-selected');
    await expect.poll(async () => Math.round((await elementBoxes(frame))[buttonId]?.x ?? -1)).toBe(87);
    // A pause, as a hand takes: quick changes to one item fold into one undo step.
    await page.waitForTimeout(FOLD_MS + 100);
    await handle.focus();
    await page.keyboard.press('Shift+ArrowRight');
    expect(await left.inputValue()).toBe('97');
    await expect.poll(async () => Math.round((await elementBoxes(frame))[buttonId]?.x ?? -1)).toBe(97);
    // Undo takes the nudge back, redo brings it again.
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await left.inputValue()).toBe('87');
    await page.keyboard.press('Control+Shift+Z');
    expect(await left.inputValue()).toBe('97');
    await page.screenshot({ path: 'test-results/screenshots/page-canvas-selected.png' });
    // PC: the same unsaved page in a PC-sized frame, then back to the size items are designed on.
    const screen = page.getByLabel('Screen size', { exact: true });
    await screen.selectOption({ label: 'PC · 1280 × 720' });
    await expect.poll(() => canvas.locator('.sg-page[data-position="A1"] .sg-microcopy').textContent(), { timeout: 20_000 }).toBe('Only today');
    expect(await page.getByTestId('placement-stage').locator('iframe').getAttribute('width')).toBe('1280');
    await screen.selectOption({ label: 'Design size · 375 × 739' });

    // Saved by itself once the hand stops.
    const storedLeft = async () => {
      const view = (await (await page.request.get(`${server.adminUrl}/api/site/${siteId}?lang=jp`)).json()) as { creatives: { pages: { buttons: { buttonPositionLeft: number }[] }[] }[] };
      return view.creatives[0]?.pages[0]?.buttons[0]?.buttonPositionLeft;
    };
    await expect.poll(storedLeft, { timeout: 20_000 }).toBe(97);
    await expect.poll(() => saveState()).toBe('Saved · just now');
    await expect.poll(() => canvas.locator('.sg-page[data-position="A1"] [data-link-id]').count(), { timeout: 30_000 }).toBe(1);
    const reloaded = page.frames().find((candidate) => candidate.url().includes('/preview/'))!;
    await expect.poll(async () => Object.keys(await elementBoxes(reloaded)).length).toBe(5);
    const onCanvas = await elementBoxes(reloaded);

    // Publish, from the editor's bar: the result shows right below it.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.getByTestId('publish-result').count(), { timeout: 60_000 }).toBe(1);

    const live = await browser.newPage({ viewport: { width: 375, height: 739 } });
    await live.goto(`${server.siteUrl}/sites/${siteId}/`);
    // The viewer hydrates at the page's first idle moment, which may come after the load event; the speaker and the product below need it.
    await waitForHydration(live);
    // The console's link to the published page is the site's own origin, where the shared host's address redirects.
    const ownOrigin = new URL(live.url()).origin;
    expect(ownOrigin).not.toBe(new URL(server.siteUrl).origin);
    expect(await page.getByTestId('publish-result').getByRole('link', { name: 'A1' }).getAttribute('href')).toBe(`${ownOrigin}/`);
    await expect.poll(async () => Object.keys(await elementBoxes(live)).length, { timeout: 20_000 }).toBe(5);
    const published = await elementBoxes(live);
    for (const [id, box] of Object.entries(onCanvas)) {
      const there = published[id]!;
      expect(Math.abs(there.x - box.x), `${id} x`).toBeLessThanOrEqual(1);
      expect(Math.abs(there.y - box.y), `${id} y`).toBeLessThanOrEqual(1);
      expect(Math.abs(there.w - box.w), `${id} width`).toBeLessThanOrEqual(1);
      expect(Math.abs(there.h - box.h), `${id} height`).toBeLessThanOrEqual(1);
    }
    expect(
      await live
        .locator('[data-button-id] .sg-button')
        .first()
        .evaluate((element) => getComputedStyle(element).animationName),
    ).toBe('sg-pulse');
    // The page's own social links, in the order the owner set.
    expect(await live.locator('.sg-page[data-position="A1"] .sg-sns-link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      'https://x.example/tea',
      'https://line.example/tea',
    ]);
    // The uploaded music is published content-addressed beside the images, and the speaker plays it.
    const audio = live.locator('audio.sg-music');
    expect(await audio.getAttribute('src')).toMatch(/\/media\/[0-9a-f]{64}\/audio\.wav$/);
    await live.locator('.sg-speaker').click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime > 0), { timeout: 20_000 }).toBe(true);
    // The product's link button appears in its popup.
    await live.locator('[data-product-id]').click();
    await expect.poll(() => live.locator('.sg-product-link').textContent()).toBe('Buy the tea');
    // The custom path set in the console leads to the page.
    await live.goto(`${server.siteUrl}/sites/${siteId}/spring-tea`);
    await expect.poll(() => live.locator('.sg-page[data-position="A1"] .sg-main-text').textContent(), { timeout: 20_000 }).toBe('Spring tea');
    await live.close();
    await page.close();
  });
});
