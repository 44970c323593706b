import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import sharp from 'sharp';
import { jpegBytes } from '../api/test-support.ts';
import { startLocalDnsServer, type Zone } from '../api/domains/local-dns-server.ts';
import { launchBrowser } from './browser.ts';
import { signIn } from './site-api.ts';

// An OEM master brands its console; a customer under it sees the branding in the header and on
// its buttons; the OEM's own admin host, once its DNS records prove it, shows the logo on its login
// page before anyone signs in;
// a profile picture uploaded in its dialog shows in the header.

const SHOTS = 'test-results/screenshots';
const OPERATOR = { email: 'owner@example.com', password: 'Operator-pass1!' };
const OEM = { email: 'oem@example.com', password: 'Oem#Master-pass1' };
const CUSTOMER = { email: 'customer.one@example.com', password: 'Customer#pass1' };
const ADMIN_HOST = 'admin.oem-example.test';
const TARGET = 'sites.example.test';
const MAIN = '#0A3D62';

/** A password someone else chose: the first sign-in must change it. */
const FIRST_PASSWORD = 'First#Pass1';

/** Signs in with the first password and chooses the account's own, as its first sign-in must. */
async function choosePassword(account: { email: string; password: string }) {
  const first = await signIn(server, account.email, FIRST_PASSWORD);
  await first.call('POST', '/api/auth/change-password', { currentPassword: FIRST_PASSWORD, password: account.password, confirmPassword: account.password });
  return signIn(server, account.email, account.password);
}

let dataDir: string;
/** The OEM's DNS, as it edits it: the records its branding screen asks for. */
const zone: Zone = new Map();
let dns: Awaited<ReturnType<typeof startLocalDnsServer>>;
let server: RunningServer;
let browser: Browser;
/** A browser that resolves the OEM's admin host to this machine, as its DNS would. */
let hostMapped: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-branding-'));
  dns = await startLocalDnsServer(zone);
  server = await startServer(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      SITE_PORT: '0',
      ADMIN_EMAIL: OPERATOR.email,
      ADMIN_PASSWORD: OPERATOR.password,
      SEED_DEMO: 'false',
      DNS_RESOLVER: dns.address,
      DOMAIN_CNAME_TARGET: TARGET,
    }),
    () => {},
  );
  const operator = await signIn(server, OPERATOR.email, OPERATOR.password);
  await operator.call('POST', '/api/master/user', { companyName: 'OEM Example', email: OEM.email, accountType: 'OEM_MASTER', planId: 'oem', password: FIRST_PASSWORD }, 201);
  const oem = await choosePassword(OEM);
  await oem.call('POST', '/api/oem-master/user', { companyName: 'Customer One', email: CUSTOMER.email, accountType: 'USER', planId: 'standard', password: FIRST_PASSWORD }, 201);
  await choosePassword(CUSTOMER);
  browser = await launchBrowser();
  hostMapped = await launchBrowser([`--host-resolver-rules=MAP ${ADMIN_HOST} 127.0.0.1`]);
});

afterAll(async () => {
  await hostMapped?.close();
  await browser?.close();
  await server?.close();
  await dns?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(account: { email: string; password: string }): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/site-list');
  return page;
}

/** Opens the header's account menu from the keyboard and follows its Profile item. */
async function openProfileByKeyboard(page: Page): Promise<void> {
  const menuButton = page.getByRole('button', { name: /^Account menu/ });
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await menu.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Profile');
  // Escape closes it back to its button; Enter opens it again on its first item.
  await page.keyboard.press('Escape');
  await expect.poll(() => menu.count()).toBe(0);
  await expect.poll(() => menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
  // The menu moves focus to its first item after it renders: Enter before that would reach the button.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Profile');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/account');
  await page.getByRole('heading', { name: 'Profile picture' }).waitFor();
}

/** A 500 × 150 logo with the OEM's name, as an OEM would upload it. */
function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="150"><rect width="500" height="150" rx="24" fill="#F28C28"/><text x="250" y="100" font-size="64" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#0A3D62">OEM Example</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
const RGB_MAIN = 'rgb(10, 61, 98)';

describe('an OEM’s custom branding', () => {
  let logoUrl = '';

  it('is set by the OEM master: a logo, a main colour and a text colour that must stand out from it, and an admin host', { timeout: 120_000 }, async () => {
    const page = await signedIn(OEM);
    await openProfileByKeyboard(page);
    const branding = page.getByRole('region', { name: 'Custom branding' });
    await branding.getByLabel('Logo').setInputFiles({ name: 'oem-logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await branding.getByRole('button', { name: 'Upload' }).click();
    await branding.locator('img.logo-preview').waitFor();
    logoUrl = (await branding.locator('img.logo-preview').getAttribute('src')) ?? '';
    expect(logoUrl).toMatch(/^\/api\/account-image\/[0-9a-f]{64}\.webp$/);

    await branding.getByLabel('Main colour').fill(MAIN);
    await branding.getByLabel('Text colour').fill('#1A4D72');
    await branding.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => branding.getByRole('alert').textContent()).toContain('does not stand out enough');
    await branding.getByLabel('Text colour').fill('#FFFFFF');
    await branding.getByLabel('Admin host name').fill(ADMIN_HOST);
    await branding.getByRole('button', { name: 'Save' }).click();
    // Saved: the OEM master's own console takes it at once.
    await expect.poll(() => background(page, 'header.bar')).toBe(RGB_MAIN);
    await expect.poll(() => page.locator('header.bar img.brand-logo').getAttribute('src')).toBe(logoUrl);
    // The host is pending until DNS proves it: the screen lists the records to create.
    const state = branding.getByTestId('admin-host-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('pending');
    const rows = await branding
      .getByTestId('admin-host-records')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows).toEqual([
      ['TXT', `_swipegrid.${ADMIN_HOST}`, expect.stringMatching(/^sg-verify-[0-9a-f]{32}$/)],
      ['CNAME', ADMIN_HOST, TARGET],
    ]);
    await page.screenshot({ path: `${SHOTS}/branding-settings.png`, fullPage: true });
    await branding.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => branding.getByRole('status').textContent()).toContain('Not verified yet');
    for (const [type, name, value] of rows) zone.set(name!, { ...zone.get(name!), [type!]: [value!] });
    await branding.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('verified');
    expect(await state.textContent()).toBe(`Verified: the console answers at ${ADMIN_HOST}.`);
    await page.screenshot({ path: `${SHOTS}/branding-admin-host-verified.png`, fullPage: true });
    await page.close();
  });

  it('is what a customer under the OEM sees in the header and on its buttons', { timeout: 120_000 }, async () => {
    const page = await signedIn(CUSTOMER);
    await expect.poll(() => background(page, 'header.bar')).toBe(RGB_MAIN);
    expect(await page.locator('header.bar').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
    expect(await page.locator('header.bar img.brand-logo').getAttribute('src')).toBe(logoUrl);
    // The primary action of the site list (a link drawn as a button): the main colour with the text colour on it.
    expect(await background(page, 'main .button:not(.secondary)')).toBe(RGB_MAIN);
    expect(
      await page
        .locator('main .button:not(.secondary)')
        .first()
        .evaluate((element) => getComputedStyle(element).color),
    ).toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: `${SHOTS}/branding-console.png` });
    await page.close();
  });

  it('shows on the login page of the OEM’s admin host before anyone signs in, and not on the platform’s', { timeout: 120_000 }, async () => {
    const port = new URL(server.adminUrl).port;
    const page = await hostMapped.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`http://${ADMIN_HOST}:${port}/login`);
    await page.locator('h1').waitFor();
    await page.getByLabel('言語').selectOption('en');
    await expect.poll(() => page.locator('header.bar img.brand-logo').getAttribute('src')).toBe(logoUrl);
    await expect.poll(() => background(page, 'header.bar')).toBe(RGB_MAIN);
    expect(await background(page, 'main button[type="submit"]')).toBe(RGB_MAIN);
    await page.screenshot({ path: `${SHOTS}/branding-login.png` });
    await page.close();

    const platform = await browser.newPage();
    await platform.goto(`${server.adminUrl}/login`);
    await platform.locator('h1').waitFor();
    await platform.waitForLoadState('networkidle');
    expect(await platform.locator('header.bar img.brand-logo').count()).toBe(0);
    expect(await background(platform, 'header.bar')).toBe('rgb(29, 36, 32)');
    await platform.close();
  });
});

describe('the profile picture', () => {
  it('is uploaded in its dialog, refused with the spec’s message when it is not a picture, and shown round in the header', { timeout: 120_000 }, async () => {
    const page = await signedIn(CUSTOMER);
    // Initials until a picture is uploaded.
    expect(await page.locator('header.bar .account-button .avatar').getAttribute('data-initials')).toBe('CO');
    await openProfileByKeyboard(page);
    await page.getByRole('button', { name: 'Change the picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile picture' });
    await dialog.getByLabel('Image file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('this is text, not a picture') });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Unsupported file format. Please upload JPG, JPEG, JFIF or PNG files.');
    await page.screenshot({ path: `${SHOTS}/branding-profile-dialog.png` });

    await dialog.getByLabel('Image file').setInputFiles({ name: 'me.jfif', mimeType: 'image/jpeg', buffer: Buffer.from(await jpegBytes(600, 400, '#8844aa')) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const avatar = page.locator('header.bar .account-button img.avatar');
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/account-image\/[0-9a-f]{64}\.webp$/);
    const shape = await avatar.evaluate((image) => ({ radius: getComputedStyle(image).borderRadius, width: image.getBoundingClientRect().width, natural: (image as HTMLImageElement).naturalWidth }));
    expect(shape).toEqual({ radius: '50%', width: 32, natural: 250 });
    expect(await page.locator('main img.avatar-large').getAttribute('src')).toBe(await avatar.getAttribute('src'));
    await page.close();
  });
});
