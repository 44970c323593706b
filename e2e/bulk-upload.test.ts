import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { imageZip, textZip, zeroBomb } from '../api/sites/zip-fixtures.ts';
import type { SiteView } from '../model/site-view.ts';
import { launchBrowser } from './browser.ts';
import { signIn } from './site-api.ts';

const OPERATOR_PASSWORD = 'Operator-pass1!';
const CUSTOMER = 'bulk@example.com';
const PASSWORD = 'Bulk#Owner1';
const SHOTS = 'test-results/screenshots';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let customer: Awaited<ReturnType<typeof signIn>>;
let siteId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-bulk-'));
  await mkdir(SHOTS, { recursive: true });
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  const operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
  await operator.call('POST', '/api/master/user', { companyName: 'Bulk Inc', email: CUSTOMER, accountType: 'USER', planId: 'standard', password: 'First#Pass1' }, 201);
  const first = await signIn(server, CUSTOMER, 'First#Pass1');
  await first.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password: PASSWORD, confirmPassword: PASSWORD });
  customer = await signIn(server, CUSTOMER, PASSWORD);
  siteId = (await customer.createSite({ name: 'Bulk shop', numberHorizontal: 4, numberVertical: 5 })).id;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function openCreatives(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(CUSTOMER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin-user/site-list');
  await page.goto(`${server.adminUrl}/admin-user/site/${siteId}`);
  await page.getByRole('button', { name: 'Creative settings' }).click();
  return page;
}

const pagesOf = (view: SiteView) => view.creatives.flatMap((creative) => creative.pages);

describe('bulk upload through the server, in the console', () => {
  it('uploads a ZIP of 20 images with a progress bar reaching 100% and shows them on the pages in order', async () => {
    const page = await openCreatives();
    const seen: number[] = [];
    await page.exposeFunction('recordProgress', (value: number) => seen.push(value));
    // Every value the bar takes, as the browser paints it.
    await page.evaluate(() => {
      const record = (window as unknown as { recordProgress(value: number): void }).recordProgress;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('[data-testid="bulk-progress"]');
        if (bar) record(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    });
    await page.getByLabel('Choose files').setInputFiles({ name: 'creatives.zip', mimeType: 'application/zip', buffer: await imageZip(20, 120) });
    await expect.poll(() => page.getByTestId('toast').textContent(), { timeout: 60_000 }).toBe('20 images placed.');
    expect(await page.getByTestId('bulk-progress').getAttribute('value')).toBe('100');
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    await expect.poll(() => page.getByRole('region', { name: 'Creative settings' }).locator('.page-cell img').count()).toBe(20);
    const view = await customer.call<SiteView>('GET', `/api/site/${siteId}`);
    const a1 = pagesOf(view).find((one) => one.position === 'A1')!;
    expect(await page.getByRole('region', { name: 'Creative settings' }).getByRole('button', { name: 'A1', exact: true }).locator('img').getAttribute('src')).toBe(a1.detail.imageUrl);
    await page.screenshot({ path: `${SHOTS}/bulk-upload-done.png` });
    await page.close();
  });

  it('refuses a ZIP bomb and a ZIP of text files with their messages', async () => {
    const page = await openCreatives();
    await page.getByLabel('Choose files').setInputFiles({ name: 'bomb.zip', mimeType: 'application/zip', buffer: await zeroBomb(64 * 1024 * 1024) });
    const alert = page.locator('.bad-files');
    await expect.poll(() => alert.textContent(), { timeout: 60_000 }).toMatch(/bomb\.zip: This ZIP expands far beyond its size and was refused as unsafe/);
    await page.screenshot({ path: `${SHOTS}/bulk-upload-bomb.png` });
    await page.getByLabel('Choose files').setInputFiles({ name: 'texts.zip', mimeType: 'application/zip', buffer: await textZip() });
    await expect.poll(() => alert.textContent(), { timeout: 60_000 }).toContain('texts.zip: At least one image is needed. The ZIP holds no JPG or PNG image.');
    await page.screenshot({ path: `${SHOTS}/bulk-upload-text-only.png` });
    await page.close();
  });

  it('applies bulk detail settings to the chosen pages only', async () => {
    const page = await openCreatives();
    const form = page.getByRole('form', { name: 'Bulk detail settings' });
    await form.getByLabel('All pages').uncheck();
    await form.getByLabel('B2', { exact: true }).check();
    await form.getByLabel('C3', { exact: true }).check();
    await form.getByLabel('Button colour', { exact: true }).fill('#224466');
    await form.getByLabel('Members only').selectOption('on');
    await form.getByRole('button', { name: 'Apply to the chosen pages (2)' }).click();
    await expect
      .poll(async () =>
        pagesOf(await customer.call<SiteView>('GET', `/api/site/${siteId}`))
          .filter((one) => one.membersOnlyLock)
          .map((one) => [one.position, one.detail.linkButtonColor]),
      )
      .toEqual([
        ['B2', '#224466'],
        ['C3', '#224466'],
      ]);
    await page.screenshot({ path: `${SHOTS}/bulk-detail.png` });
    await page.close();
  });
});
