import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser } from './browser.ts';
import { pageIds, signIn } from './site-api.ts';

const EMAIL = 'owner@example.com';
const PASSWORD = 'Variant-editor1!';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let api: Awaited<ReturnType<typeof signIn>>;
let siteId = '';
let firstPage = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-ab-editor-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  api = await signIn(server, EMAIL, PASSWORD);
  const site = await api.createSite({ name: 'A/B shop', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
  siteId = site.id;
  firstPage = pageIds(site).A1!;
  await api.writePage(siteId, firstPage, { detail: { mainText: 'Control words' } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('A/B in the editor', () => {
  it('adds a variant on the page editor, edits it on the same form, and starts the site’s test from the settings', { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.adminUrl}/login`);
    await page.getByLabel('言語').selectOption('en');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/site-list');
    await page.goto(`${server.adminUrl}/admin-user/site/${siteId}`);
    const switcher = page.getByTestId('variant-switcher');
    await switcher.getByRole('button', { name: 'Add a variant' }).click();
    await expect.poll(() => switcher.getByRole('button', { name: 'B', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const form = page.locator('form.page-editor');
    // The variant starts as a copy of the control.
    await expect.poll(() => form.getByLabel('Main text', { exact: true }).inputValue()).toBe('Control words');
    await form.getByLabel('Main text', { exact: true }).fill('Variant words');
    // Saved by itself, as typed.
    await expect
      .poll(async () =>
        (await api.call<{ variants: { key: string; content: { detail: { mainText: string } } }[] }>('GET', `/api/site/${siteId}/page/${firstPage}/variants`)).variants.map((v) => [
          v.key,
          v.content.detail.mainText,
        ]),
      )
      .toEqual([['B', 'Variant words']]);
    // The control kept its own text.
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved · just now');
    await switcher.getByRole('button', { name: 'Control' }).click();
    await expect.poll(() => form.getByLabel('Main text', { exact: true }).inputValue()).toBe('Control words');

    await page.getByRole('button', { name: 'Site settings' }).click();
    const panel = page.getByTestId('experiment-panel');
    await panel.getByLabel('Test name').fill('Words');
    await panel.getByRole('button', { name: 'Save the test' }).click();
    await panel.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('Running');
    const state = await api.call<{ experiment: { status: string; arms: { arm: string; weight: number }[] } }>('GET', `/api/site/${siteId}/experiment`);
    expect(state.experiment.status).toBe('running');
    expect(state.experiment.arms).toEqual([
      { arm: 'control', weight: 0.5 },
      { arm: 'B', weight: 0.5 },
    ]);
    await page.close();
  });
});
