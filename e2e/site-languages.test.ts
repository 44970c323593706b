import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { pageIds, signIn, visitorUrl } from './site-api.ts';

// A Japanese and English site as its owner words it and its visitors read it: a notification
// written in the site editor's Notifications section, Japanese first, marked untranslated in
// English until it has its English text; the banner in each visitor's language; and the sign-up
// and form screens labelled in the page's language by default.

const OPERATOR = { email: 'owner@example.com', password: 'Site-languages1!' };
const SHOTS = process.env.SHOTS_DIR;
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let siteId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-site-languages-'));
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'false' }), () => {});
  const api = await signIn(server, OPERATOR.email, OPERATOR.password);
  const site = await api.createSite({ name: '春の新作', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  siteId = site.id;
  await api.writePage(siteId, pageIds(site).A1!, { detail: { imageUrl: await api.uploadImage(siteId, '#2d6a4f') } });
  await api.publish(siteId);
  browser = await launchBrowser();
  phone = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
});

afterAll(async () => {
  await phone?.close();
  await browser?.close();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function openNotifications(): Promise<Page> {
  // axe-core is injected as a script, which the console's CSP refuses otherwise.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/site-list');
  const prefix = new URL(page.url()).pathname.split('/')[1];
  await page.goto(`${server.adminUrl}/${prefix}/site/${siteId}`);
  // A site section, opened from the editor's rail beside the canvas.
  await page.locator('.editor-rail').getByRole('button', { name: 'Notifications', exact: true }).click();
  return page;
}

async function visit(path = ''): Promise<Page> {
  const page = await phone.newPage();
  await page.goto(visitorUrl(server, siteId, path));
  await waitForHydration(page);
  return page;
}

const labels = (page: Page) => page.locator('.sg-field > label').allTextContents();

describe('a notification with a text per site language', () => {
  it('is written in the editor, marked untranslated in English until translated, and read in each visitor’s language', { timeout: 120_000 }, async () => {
    const page = await openNotifications();
    const panel = page.locator('[data-panel="notifications"]');
    await expect.poll(() => panel.getByText('No notifications yet.').count()).toBe(1);
    await panel.getByRole('button', { name: 'Create a notification' }).click();
    const form = page.getByRole('form', { name: 'Create a notification' });
    const japanese = form.locator('fieldset[data-language="jp"]');
    const english = form.locator('fieldset[data-language="en"]');
    expect(await japanese.locator('legend').textContent()).toContain('Default language');
    await japanese.getByLabel('Title').fill('新商品のお知らせ');
    await japanese.getByLabel('Content').fill('月曜日に発売します');
    // Until English has a title, visitors read the Japanese one, shown greyed in its place.
    expect(await english.locator('[data-untranslated="en"]').textContent()).toBe('Untranslated');
    expect(await english.getByLabel('Title').getAttribute('placeholder')).toBe('新商品のお知らせ');
    const violations = await axeViolations(page);
    expect(violations, describeViolations('notification form', violations)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();

    const row = panel.locator('tbody tr').first();
    await expect.poll(() => row.locator('th').textContent()).toBe('新商品のお知らせ');
    expect(await row.locator('[data-untranslated]').evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-untranslated')))).toEqual(['en']);
    const listViolations = await axeViolations(page);
    expect(listViolations, describeViolations('notifications list', listViolations)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'notifications-untranslated-1440.png') });

    const japaneseBanner = await visit();
    const banner = japaneseBanner.locator('.sg-news-title');
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toBe('新商品のお知らせ');
    const englishBefore = await visit('en');
    await expect.poll(() => englishBefore.locator('.sg-news-title').textContent(), { timeout: 10_000 }).toBe('新商品のお知らせ');
    await englishBefore.close();

    await row.getByRole('button', { name: 'Edit 新商品のお知らせ' }).click();
    const edit = page.getByRole('form', { name: 'Edit the notification' });
    await edit.locator('fieldset[data-language="en"]').getByLabel('Title').fill('New product');
    expect(await edit.locator('[data-untranslated="en"]').count()).toBe(0);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => panel.locator('tbody tr').count()).toBe(1);
    expect(await panel.locator('[data-untranslated]').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'notifications-translated-1440.png') });

    // No republish: the banner asks the API, in the page's language; the content falls back to Japanese.
    const englishAfter = await visit('en');
    const title = englishAfter.locator('.sg-news-title');
    await expect.poll(() => title.textContent(), { timeout: 10_000 }).toBe('New product');
    await title.click();
    await expect.poll(() => englishAfter.locator('.sg-news-dialog').textContent()).toContain('月曜日に発売します');
    expect(await banner.textContent()).toBe('新商品のお知らせ');
    await englishAfter.close();
    await japaneseBanner.close();
    await page.close();
  });
});

describe('the visitor screens’ default labels', () => {
  it('label the sign-up and form screens in the page’s language', { timeout: 60_000 }, async () => {
    const register = await visit('register');
    await register.locator('.sg-form').waitFor();
    expect(await labels(register)).toEqual(['メールアドレス *必須', 'パスワード *必須', 'パスワード（確認） *必須']);
    await register.close();
    const forms = await visit('forms');
    await forms.locator('.sg-form').waitFor();
    expect(await labels(forms)).toEqual(['メールアドレス *必須', '会社名 *必須']);
    await forms.close();
    const contact = await visit('contact');
    await contact.locator('.sg-form').waitFor();
    expect(await labels(contact)).toEqual(['メールアドレス *必須', '会社名 *必須']);
    await contact.close();
    const english = await visit('en/register');
    await english.locator('.sg-form').waitFor();
    expect(await labels(english)).toEqual(['Email *Required', 'Password *Required', 'Confirm password *Required']);
    await english.close();
  });
});
