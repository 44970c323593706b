import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser, waitForHydration } from './browser.ts';

const PASSWORD = 'Operator-pass1!';
let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-admin-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: PASSWORD }), () => {});
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the console shell', () => {
  it('refuses a wrong password with the spec message, then signs in and publishes with a progress bar', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.adminUrl}/`);
    await waitForHydration(page);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('Wrong-pass1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The login ID or password is incorrect. Please check and try logging in again.');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const row = page.getByRole('row', { name: /Swipegrid demo/ });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByRole('link').getAttribute('href')).toBe(`${server.siteUrl}/sites/${server.demoSiteId}/`);

    // A publish with nothing changed is quick: record every progress bar shown, however briefly.
    await page.evaluate(() => {
      const w = window as unknown as { progressSeen: string[] };
      w.progressSeen = [];
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('progress')) w.progressSeen.push(bar.parentElement?.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await row.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => row.getByRole('button', { name: /Published/ }).count(), { timeout: 20_000 }).toBe(1);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.some((label) => /^(Images|Pages|Writing) \d+\/\d+/.test(label))).toBe(true);
    await page.screenshot({ path: 'test-results/admin-shell-published.png' });
    await page.close();
  });
});
