import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import type { CampaignClicksReport } from '../model/analytics-report.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { launchBrowser, PHONE_BROWSER_ARGS, PHONE_USER_AGENT, waitForHydration } from './browser.ts';
import { pageIds, signIn, visitorUrl } from './site-api.ts';

// A visitor clicks a campaign side panel's button on the published site; the owner then sees the
// count visitors see in the editor's campaign panel and the clicks by item in analytics, once the
// server's rollup job has folded the visitor's events.

const OPERATOR = { email: 'owner@example.com', password: 'Campaign-counts1!' };
const SHOTS = process.env.SHOTS_DIR;
const DAY = 86_400_000;
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let api: Awaited<ReturnType<typeof signIn>>;
let siteId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-campaign-counts-'));
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'false' }), () => {});
  api = await signIn(server, OPERATOR.email, OPERATOR.password);
  const site = await api.createSite({ name: 'キャンペーン', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'jp', languages: ['jp'] });
  siteId = site.id;
  await api.writePage(siteId, pageIds(site).A1!, { detail: { imageUrl: await api.uploadImage(siteId, '#457b9d') } });
  await api.updateSite(siteId, {
    campaign: {
      startDate: new Date(Date.now() - DAY).toISOString(),
      endDate: new Date(Date.now() + 10 * DAY).toISOString(),
      effectivePages: [1],
      isOnClickCount: true,
      backgroundColor: '#336699',
      buttons: [
        {
          id: 'cb1',
          buttonType: 'TEXT',
          buttonText: '応募する',
          buttonLinkType: 'none',
          position: 'left',
          buttonPositionX: 10,
          buttonPositionY: 40,
          buttonWidth: 140,
          buttonHeight: 40,
          clickCount: 10,
        },
        { id: 'cb2', buttonType: 'TEXT', buttonText: '詳しく', buttonLinkType: 'none', position: 'right', buttonPositionX: 10, buttonPositionY: 40, buttonWidth: 140, buttonHeight: 40 },
      ],
    },
  });
  await api.publish(siteId);
  // Headless Chromium's own user agent is dropped as a bot by the events endpoint.
  browser = await launchBrowser(PHONE_BROWSER_ARGS);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function ownerPage(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/site-list');
  const prefix = new URL(page.url()).pathname.split('/')[1];
  await page.goto(`${server.adminUrl}/${prefix}/${path}`);
  return page;
}

describe('campaign click counts for the owner', () => {
  it('shows the count visitors see in the editor, and each item’s clicks by date in analytics', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: PHONE_USER_AGENT });
    const visitor = await context.newPage();
    await visitor.goto(visitorUrl(server, siteId));
    await waitForHydration(visitor);
    const button = visitor.locator('.sg-campaign-left [data-campaign-item="cb1"]');
    await expect.poll(() => button.isVisible(), { timeout: 10_000 }).toBe(true);
    await button.click();
    await expect.poll(() => button.locator('.sg-campaign-count').textContent()).toBe('11');
    await button.click();
    await expect.poll(() => button.locator('.sg-campaign-count').textContent()).toBe('12');
    // Leaving sends the analytics batch.
    await context.close();

    const editor = await ownerPage(`site/${siteId}`);
    await editor.locator('.editor-rail').getByRole('button', { name: 'Campaign', exact: true }).click();
    const card = editor.getByTestId('campaign-click-counts');
    const count = (id: string) => card.locator(`tr[data-campaign-item="${id}"] td`).textContent();
    await expect.poll(() => count('cb1')).toBe('12');
    expect(await count('cb2')).toBe('0');
    expect(await card.locator('tbody th').allTextContents()).toEqual(['Button 1 · 応募する', 'Button 2 · 詳しく']);
    const violations = await axeViolations(editor);
    expect(violations, describeViolations('campaign panel', violations)).toEqual([]);
    if (SHOTS) await card.screenshot({ path: join(SHOTS, 'campaign-counts-editor.png') });
    await card.getByRole('link', { name: 'Clicks by date in analytics' }).click();

    // The analytics counts only the visitor's own clicks (not the starting 10), by the day they happened, once folded.
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    await expect.poll(async () => (await api.call<CampaignClicksReport>('GET', `/api/analysis/site/${siteId}/campaign?from=${today}&to=${today}`)).total, { timeout: 40_000, interval: 1000 }).toBe(2);
    await editor.reload();
    const section = editor.getByTestId('campaign-clicks');
    await expect.poll(() => section.getByTestId('campaign-total').textContent(), { timeout: 10_000 }).toBe('2');
    const rows = section.locator('tbody tr');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent, ...[...tr.querySelectorAll('td:not([aria-hidden])')].map((td) => td.textContent)]))).toEqual([
      ['Button 1 · 応募する', 'Left', '2'],
      ['Button 2 · 詳しく', 'Right', '0'],
    ]);
    // The bars compare the items: the most clicked fills its cell, one without clicks shows a sliver.
    const bars = await section.locator('.campaign-bar').evaluateAll((spans) => spans.map((bar) => Math.round((bar.getBoundingClientRect().width / (bar.parentElement!.clientWidth - 16)) * 100)));
    expect(bars[0]).toBe(100);
    expect(bars[1]).toBeLessThan(5);
    const analyticsViolations = await axeViolations(editor);
    expect(analyticsViolations, describeViolations('campaign analytics', analyticsViolations)).toEqual([]);
    if (SHOTS) await editor.screenshot({ path: join(SHOTS, 'campaign-counts-analytics-1440.png') });
    await editor.close();
  });
});
