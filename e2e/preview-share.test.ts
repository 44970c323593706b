import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startTestSmtpServer, textBody, type TestSmtpServer } from '../api/mail/smtp-test-server.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { signIn } from './site-api.ts';

// A draft's preview shared from the editor's share popup with a passcode and one invited email;
// the invitee opens the link mailed to them (received by an in-process SMTP server), finds the
// page view-only, and is refused once the owner revokes them. Then the platform's announcement
// screens and a receiver's inbox with its unread count.

const PASSWORD = 'Operator-pass1!';
const PASSCODE = 'Tea-Time 7';
const INVITEE = 'guest@example.com';
const SHOTS = 'test-results/screenshots';
const VIEWPORT = { width: 1440, height: 900 };

let dataDir: string;
let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let siteId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-share-'));
  await mkdir(SHOTS, { recursive: true });
  smtp = await startTestSmtpServer();
  server = await startServer(
    loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', SMTP_URL: smtp.url }),
    () => {},
  );
  const api = await signIn(server, 'owner@example.com', PASSWORD);
  const site = await api.createSite({ name: 'Tea house', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'en', languages: ['en'] });
  siteId = site.id;
  const image = await api.uploadImage(siteId, '#2a6f97');
  await api.writePage(siteId, site.creatives[0]!.pages[0]!.id, { detail: { imageUrl: image, linkButtonText: 'Buy tea', linkDestinationUrl: 'https://example.com/shop' } }, 'en');
  browser = await launchBrowser();
  owner = await browser.newContext({ viewport: VIEWPORT });
  const login = await owner.request.post(`${server.adminUrl}/api/auth/login`, { data: { email: 'owner@example.com', password: PASSWORD } });
  expect(login.status()).toBe(200);
  await owner.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The share popup of the preview screen, opened. */
async function openSharePopup(page: Page) {
  await page.goto(`${server.adminUrl}/site/${siteId}/preview`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  return page.getByRole('dialog', { name: 'Share the preview' });
}

describe('a shared preview', () => {
  it('reaches the invitee by email, asks the passcode, keeps buttons inert, and stops once revoked', { timeout: 180_000 }, async () => {
    const page = await owner.newPage();
    const popup = await openSharePopup(page);
    await popup.getByLabel('Invite emails').fill(INVITEE);
    await popup.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => popup.getByText(INVITEE).count()).toBe(1);
    await popup.getByLabel('Require a passcode').check();
    await popup.getByLabel('Passcode', { exact: true }).fill(PASSCODE);
    await popup.getByRole('button', { name: 'Save the security setting' }).click();
    await expect.poll(() => page.getByText('The security setting was saved.').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/preview-share-popup.png` });

    expect(smtp.received.map((mail) => mail.to)).toEqual([[INVITEE]]);
    const link = textBody(smtp.received[0]!.raw).match(/https?:\/\/\S+/)![0];
    expect(new URL(link).hostname).toBe('preview.localhost');

    const guest = await browser.newContext({ viewport: VIEWPORT });
    const view = await guest.newPage();
    await view.goto(link);
    await view.getByLabel('Passcode').fill('not it');
    await view.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => view.getByRole('alert').textContent()).toBe('The password is incorrect. Please try again.');
    await view.screenshot({ path: `${SHOTS}/preview-share-passcode.png` });
    await view.getByLabel('Passcode').fill(PASSCODE);
    await view.getByRole('button', { name: 'Open' }).click();
    await view.waitForSelector('.sg-viewer[data-view-only]');
    await waitForHydration(view);
    expect(await view.getByRole('status').filter({ hasText: 'View-only preview' }).count()).toBe(1);
    await view.screenshot({ path: `${SHOTS}/preview-share-view-only.png` });
    // The button leads elsewhere on a published page; here a click does nothing. (The address settles first: it is replaced 500 ms after load.)
    await view.waitForTimeout(800);
    const before = view.url();
    expect(new URL(before).pathname).toMatch(/^\/preview\//);
    const opened: Page[] = [];
    guest.on('page', (popupPage) => opened.push(popupPage));
    await view.locator('.sg-link-button', { hasText: 'Buy tea' }).click();
    await view.waitForTimeout(800);
    expect(view.url()).toBe(before);
    expect(opened).toEqual([]);

    await popup.getByRole('button', { name: `Revoke ${INVITEE}` }).click();
    await expect.poll(() => popup.getByText(INVITEE).count()).toBe(0);
    const refused = await view.reload();
    expect(refused?.status()).toBe(403);
    expect(await view.textContent('body')).toContain('This shared preview is no longer available.');
    await guest.close();
  });
});

describe('the platform’s latest information and system notifications', () => {
  it('are posted from their screens and counted unread in a receiver’s header until read', { timeout: 180_000 }, async () => {
    const api = await signIn(server, 'owner@example.com', PASSWORD);
    const first = 'Receiver#Pass1';
    await api.call('POST', '/api/master/user', { companyName: 'Platform staff', email: 'staff@example.com', accountType: 'MASTER_USER', password: first }, 201);
    const staffApi = await signIn(server, 'staff@example.com', first);
    await staffApi.call('POST', '/api/auth/change-password', { currentPassword: first, password: 'Receiver#Pass2', confirmPassword: 'Receiver#Pass2' });

    const page = await owner.newPage();
    await page.goto(`${server.adminUrl}/master/create-notification`);
    await page.getByLabel('Title').fill('Maintenance tonight');
    await page.getByLabel('Content').fill('The console pauses from 2:00 to 2:30.');
    await page.getByLabel('Master users').check();
    await page.getByLabel('Status').selectOption('PUBLISHED');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/master\/notification\/[\w-]+$/);
    await page.goto(`${server.adminUrl}/master/latest-information/create`);
    await page.getByLabel('Title').fill('New templates');
    await page.getByLabel('Content').fill('Ten new page templates for spring campaigns are ready in the editor.');
    await page.getByLabel('Distribution site').fill('Swipegrid console');
    await page.getByLabel('Master users').check();
    await page.getByLabel('Status').selectOption('PUBLISHED');
    await page.screenshot({ path: `${SHOTS}/latest-information-form.png` });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/master\/latest-information\/[\w-]+$/);
    await page.goto(`${server.adminUrl}/master/latest-information`);
    await page.waitForSelector('[data-announcement-id]');
    await page.screenshot({ path: `${SHOTS}/latest-information-list.png` });
    await page.goto(`${server.adminUrl}/master/system-notification`);
    await page.getByLabel('Show').selectOption('draft');
    await expect.poll(() => page.locator('[data-announcement-id]').count()).toBe(0);
    await page.getByLabel('Show').selectOption('published');
    await expect.poll(() => page.locator('[data-announcement-id]').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/system-notification-list.png` });

    const staff = await browser.newContext({ viewport: VIEWPORT });
    await staff.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
    expect((await staff.request.post(`${server.adminUrl}/api/auth/login`, { data: { email: 'staff@example.com', password: 'Receiver#Pass2' } })).status()).toBe(200);
    const inbox = await staff.newPage();
    await inbox.goto(`${server.adminUrl}/master-user/inbox`);
    await inbox.waitForSelector('.inbox-item');
    await inbox.screenshot({ path: `${SHOTS}/inbox-unread.png` });
    await expect.poll(() => inbox.locator('.bar .unread-count').textContent()).toBe('1');
    await expect.poll(() => inbox.locator('.inbox-item.unread').count()).toBe(1);
    await inbox.screenshot({ path: `${SHOTS}/inbox-unread.png` });
    await inbox.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => inbox.locator('.bar .unread-count').count()).toBe(0);
    await expect.poll(() => inbox.locator('.inbox-item.read').count()).toBe(2);
    await inbox.screenshot({ path: `${SHOTS}/inbox-read.png` });
    await staff.close();
  });
});
