import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser, visiblePosition, waitForHydration } from './browser.ts';
import { pageIds, signIn, visitorStatus, visitorUrl } from './site-api.ts';

const OPERATOR_EMAIL = 'owner@example.com';
const OPERATOR_PASSWORD = 'Operator-pass1!';
const SHOTS = 'test-results/screenshots';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let operator: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-lifecycle-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR_EMAIL, ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  operator = await signIn(server, OPERATOR_EMAIL, OPERATOR_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function consolePage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(OPERATOR_EMAIL);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/master/site-list');
  return page;
}

/** A site of `rows` pages in one column, each with an image, published. */
async function publishedSite(name: string, rows = 1): Promise<{ id: string; pages: Record<string, string>; image: string }> {
  const site = await operator.createSite({ name, numberHorizontal: 1, numberVertical: rows, languages: ['jp'] });
  const image = await operator.uploadImage(site.id, '#2a6f97');
  const pages = pageIds(site);
  for (const pageId of Object.values(pages)) await operator.writePage(site.id, pageId, { detail: { imageUrl: image } });
  await operator.publish(site.id);
  return { id: site.id, pages, image };
}

const visitStatus = (siteId: string, path = '') => visitorStatus(server, siteId, path);

async function openPublishTab(page: Page, siteId: string): Promise<void> {
  await page.goto(`${server.adminUrl}/master/site/${siteId}`);
  await page.getByRole('button', { name: 'Publishing and versions' }).click();
  await page.getByRole('heading', { name: 'Unpublish or delete' }).waitFor();
}

describe('taking a site down from the console', () => {
  it('unpublishes a site: its pages answer 404, the list says unpublished, a new publish brings it back', { timeout: 120_000 }, async () => {
    const site = await publishedSite('Spring sale');
    expect(await visitStatus(site.id)).toBe(200);
    const page = await consolePage();
    await openPublishTab(page, site.id);
    await page.screenshot({ path: `${SHOTS}/editor-publish-tab-lifecycle.png`, fullPage: false });
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.textContent()).toContain('Unpublish "Spring sale"?');
    await confirm.getByRole('button', { name: 'Unpublish' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('The site was unpublished.');
    expect(await visitStatus(site.id)).toBe(404);
    await expect.poll(() => page.getByRole('button', { name: 'Unpublish', exact: true }).isDisabled()).toBe(true);

    await page.goto(`${server.adminUrl}/master/site-list`);
    const row = page.getByRole('row').filter({ hasText: 'Spring sale' });
    await expect.poll(() => row.locator('.badge').textContent()).toBe('Unpublished');
    await page.screenshot({ path: `${SHOTS}/site-list-unpublished.png` });

    await operator.publish(site.id);
    expect(await visitStatus(site.id)).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Spring sale' }).locator('.badge').textContent()).toBe('Published');
    await page.close();
  });

  it('deletes a site only once its name is typed in the dialog that names it', { timeout: 120_000 }, async () => {
    const site = await publishedSite('Autumn fair');
    const page = await consolePage();
    await openPublishTab(page, site.id);
    await page.getByRole('button', { name: 'Delete site' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Delete "Autumn fair"?');
    const submit = dialog.getByRole('button', { name: 'Delete site' });
    expect(await submit.isDisabled()).toBe(true);
    const input = dialog.getByLabel('Type the site name (Autumn fair) to confirm');
    await input.fill('Autumn');
    expect(await submit.isDisabled()).toBe(true);
    await input.fill('Autumn fair');
    expect(await submit.isDisabled()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/site-delete-dialog.png` });
    // Cancelling keeps the site.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await visitStatus(site.id)).toBe(200);

    await page.getByRole('button', { name: 'Delete site' }).click();
    await page.getByRole('alertdialog').getByLabel('Type the site name (Autumn fair) to confirm').fill('Autumn fair');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete site' }).click();
    await page.waitForURL('**/master/site-list');
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('The site was deleted.');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Autumn fair' }).count()).toBe(0);
    expect(await visitStatus(site.id)).toBe(404);
    await page.close();
  });

  it('downloads the site list from the server as CSV', { timeout: 60_000 }, async () => {
    await operator.createSite({ name: 'CSV 春', numberHorizontal: 1, numberVertical: 1 });
    const page = await consolePage();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('sites.csv');
    const path = await download.path();
    const bytes = new Uint8Array(await (await import('node:fs/promises')).readFile(path));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n')[0]).toContain('Parent account');
    expect(text).toContain('CSV 春');
    await page.close();
  });
});

describe('the console’s error screens', () => {
  it('shows the error screen when a screen throws, and Retry renders it again', { timeout: 60_000 }, async () => {
    await operator.createSite({ name: 'Boundary check', numberHorizontal: 1, numberVertical: 1 });
    const page = await consolePage();
    // A malformed answer (a row that is not a site) makes the site list throw while rendering.
    await page.route('**/api/site', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ sites: [null] }) }));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.reload();
    const screen = page.getByTestId('screen-error');
    await screen.waitFor();
    expect(await screen.getByRole('heading').textContent()).toBe('Something went wrong');
    expect(await screen.getByRole('button').allTextContents()).toEqual(['Retry', 'Reload', 'Go back']);
    // The console's frame stays around it.
    expect(await page.getByRole('link', { name: 'Users' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/console-screen-error.png` });

    await page.unroute('**/api/site');
    await screen.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('row').filter({ hasText: 'Boundary check' }).waitFor();
    expect(await page.getByTestId('screen-error').count()).toBe(0);
    await page.close();
  });

  it('shows the chunk-load screen when a screen’s code does not download, and Reload recovers', { timeout: 60_000 }, async () => {
    const page = await consolePage();
    await page.goto(`${server.adminUrl}/master/user-list`);
    await page.getByRole('heading', { name: 'User list' }).waitFor();
    // The site list's chunk fails to download, as when the connection drops or a release replaced it.
    await page.route(/\/_astro\/SiteList\.[^/]*\.js$/, (route) => route.abort('connectionreset'));
    await page.getByRole('link', { name: 'Sites' }).first().click();
    const screen = page.getByTestId('chunk-error');
    await screen.waitFor();
    expect(await screen.getByRole('heading').textContent()).toBe('This screen could not be loaded');
    expect(await screen.getByRole('button').allTextContents()).toEqual(['Reload', 'Go back']);
    await page.screenshot({ path: `${SHOTS}/console-chunk-error.png` });

    await page.unroute(/\/_astro\/SiteList\.[^/]*\.js$/);
    await screen.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Site production list' }).waitFor();
    expect(await page.getByTestId('chunk-error').count()).toBe(0);
    await page.close();
  });
});

describe('page status and chatbot script on the published site', () => {
  it('skips an unpublished page, answers 404 at its address, and runs a page’s chatbot script on that page only', { timeout: 120_000 }, async () => {
    const site = await publishedSite('Status check', 3);
    // The owner sets both in the page form.
    const editor = await consolePage();
    await editor.goto(`${server.adminUrl}/master/site/${site.id}`);
    const grid = editor.getByRole('navigation', { name: 'Site editor' }).getByRole('group', { name: 'Pages' });
    const saved = () => editor.getByTestId('save-state').textContent();
    await grid.getByRole('button', { name: 'A2', exact: true }).click();
    const a2 = editor.getByRole('form', { name: 'Page A2' });
    await a2.getByLabel('Page status').selectOption('draft');
    await expect.poll(saved).toBe('Saved · just now');
    await grid.getByRole('button', { name: /^A3/ }).click();
    const a3 = editor.getByRole('form', { name: 'Page A3' });
    await a3.getByLabel('Chatbot script').fill('<script>window.chatbotRuns = (window.chatbotRuns || 0) + 1</script>');
    await editor.screenshot({ path: `${SHOTS}/editor-page-status-chatbot.png` });
    await expect.poll(saved).toBe('Saved · just now');
    await editor.close();
    await operator.publish(site.id);
    expect(await visitStatus(site.id, 'A2')).toBe(404);

    const context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(visitorUrl(server, site.id));
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as { chatbotRuns?: number }).chatbotRuns ?? 0)).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => visiblePosition(page)).toBe('A3');
    await expect.poll(() => page.evaluate(() => (window as { chatbotRuns?: number }).chatbotRuns ?? 0)).toBe(1);
    // Back and forth: the script runs once per visit of the page, never on another page.
    await page.waitForTimeout(600);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => visiblePosition(page)).toBe('A1');
    await page.waitForTimeout(600);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => visiblePosition(page)).toBe('A3');
    expect(await page.evaluate(() => (window as { chatbotRuns?: number }).chatbotRuns)).toBe(1);

    await page.goto(visitorUrl(server, site.id, 'A3'));
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => (window as { chatbotRuns?: number }).chatbotRuns ?? 0)).toBe(1);
    await context.close();
  });
});

describe('the viewer’s error screens', () => {
  it('shows the chunk-load screen with reload when a part of the viewer does not download', { timeout: 120_000 }, async () => {
    const site = await operator.createSite({ name: 'Album check', numberHorizontal: 1, numberVertical: 1, languages: ['en'], defaultLanguage: 'en' });
    await operator.updateSite(site.id, { displayAlbum: true });
    const image = await operator.uploadImage(site.id, '#884422');
    await operator.writePage(site.id, pageIds(site).A1!, { detail: { imageUrl: image } }, 'en');
    await operator.publish(site.id);

    const page = await browser.newPage({ viewport: { width: 375, height: 739 } });
    await page.route(/\/_astro\/AlbumOverlay\.[^/]*\.js$/, (route) => route.abort('connectionreset'));
    await page.goto(visitorUrl(server, site.id));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open the album' }).click();
    const screen = page.getByTestId('viewer-chunk-error');
    await screen.waitFor();
    expect(await screen.textContent()).toContain('Loading failed. Please reload the page.');
    expect(await screen.getByRole('button').allTextContents()).toEqual(['Reload', 'Go back']);
    await page.screenshot({ path: `${SHOTS}/viewer-chunk-error.png` });

    await page.unroute(/\/_astro\/AlbumOverlay\.[^/]*\.js$/);
    await screen.getByRole('button', { name: 'Reload' }).click();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open the album' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.getByTestId('viewer-chunk-error').count()).toBe(0);
    await page.close();
  });
});

describe('a user’s detail for the account above it', () => {
  it('shows an OEM master its customer’s sites and contract history', { timeout: 120_000 }, async () => {
    const oemPassword = 'Oem#Master-pass1';
    await operator.call('POST', '/api/master/user', { companyName: 'Reseller Inc', email: 'reseller@example.com', accountType: 'OEM_MASTER', planId: 'oem', password: 'First#Pass1' }, 201);
    const first = await signIn(server, 'reseller@example.com', 'First#Pass1');
    await first.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password: oemPassword, confirmPassword: oemPassword });
    const oem = await signIn(server, 'reseller@example.com', oemPassword);
    const { user: customer } = await oem.call<{ user: { id: string } }>(
      'POST',
      '/api/oem-master/user',
      { companyName: 'Bakery 春', email: 'bakery@example.com', accountType: 'USER', planId: 'standard', password: 'First#Pass1' },
      201,
    );
    const customerFirst = await signIn(server, 'bakery@example.com', 'First#Pass1');
    await customerFirst.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password: 'Bakery#Pass-123', confirmPassword: 'Bakery#Pass-123' });
    await (await signIn(server, 'bakery@example.com', 'Bakery#Pass-123')).createSite({ name: 'Bakery menu', numberHorizontal: 1, numberVertical: 1 });
    await oem.call('PUT', `/api/user/${customer.id}`, { planId: 'premium' });

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.adminUrl}/login`);
    await page.getByLabel('言語').selectOption('en');
    await page.getByLabel('Email').fill('reseller@example.com');
    await page.getByLabel('Password').fill(oemPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/site-list');
    const prefix = new URL(page.url()).pathname.split('/')[1];
    await page.goto(`${server.adminUrl}/${prefix}/user/${customer.id}`);
    const sites = page.getByRole('region', { name: 'Sites' });
    await sites.getByRole('link', { name: 'Bakery menu' }).waitFor();
    const history = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Contract history' }) });
    await expect.poll(() => history.getByRole('row').count()).toBe(3);
    expect(await history.textContent()).toContain('planId: standard → premium');
    await page.getByRole('heading', { name: 'Contract history' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/user-detail-sites-history.png` });
    await page.close();
  });
});
