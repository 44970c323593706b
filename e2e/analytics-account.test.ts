import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import type { AccountLpSummary, LpSummary } from '../model/analytics-report.ts';
import { launchBrowser, PHONE_USER_AGENT } from './browser.ts';
import { pageIds, sendVisitorEvents, signIn, waitForRollup } from './site-api.ts';

// A customer with two published sites opens the analytics across its sites after visitors came
// through the real event endpoint: one visitor saw both sites, and the KPI cards count it once;
// the table lists both sites with their own figures, and a site's row opens its own screen.
// Another customer's site, with visits of its own, is in neither.
// SHOTS_DIR=/some/dir saves a screenshot of the screen there.

const OPERATOR = { email: 'owner@example.com', password: 'Operator-pass1!' };
const CUSTOMER = { email: 'shops@example.com', first: 'First#Pass1', password: 'Shops#Owner2' };
const OTHER = { email: 'other@example.com', first: 'First#Pass1', password: 'Other#Owner2' };
const SHOTS_DIR = process.env.SHOTS_DIR;
const SETTLED = { timeout: 10_000 };

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let customer: Awaited<ReturnType<typeof signIn>>;
let prefix = '';
const siteIds: string[] = [];

const visit = (cell: string): Record<string, unknown>[] => [
  { type: 'landing', cell },
  { type: 'click_cta_btn', cell },
  { type: 'registration', cell },
  { type: 'exit', cell, direction: 'leave' },
];

/** A customer on a plan with analytics, signed in after its first-time password change. */
async function newCustomer(operator: Awaited<ReturnType<typeof signIn>>, who: typeof CUSTOMER, companyName: string) {
  await operator.call('POST', '/api/master/user', { companyName, email: who.email, accountType: 'USER', planId: 'premium', password: who.first }, 201);
  const first = await signIn(server, who.email, who.first);
  await first.call('POST', '/api/auth/change-password', { currentPassword: who.first, password: who.password, confirmPassword: who.password });
  return signIn(server, who.email, who.password);
}

async function publishedSite(owner: Awaited<ReturnType<typeof signIn>>, name: string): Promise<string> {
  const site = await owner.createSite({ name, numberHorizontal: 2, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp'] });
  const image = await owner.uploadImage(site.id, '#2266aa');
  for (const pageId of Object.values(pageIds(site))) await owner.writePage(site.id, pageId, { detail: { imageUrl: image } });
  await owner.publish(site.id);
  return site.id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-analytics-account-'));
  if (SHOTS_DIR) await mkdir(SHOTS_DIR, { recursive: true });
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'false' }), () => {});
  const operator = await signIn(server, OPERATOR.email, OPERATOR.password);
  customer = await newCustomer(operator, CUSTOMER, 'Shops Inc');
  const other = await newCustomer(operator, OTHER, 'Other Inc');
  siteIds.push(await publishedSite(customer, 'Autumn bags'), await publishedSite(customer, 'Winter coats'));
  const otherSite = await publishedSite(other, 'Someone else’s shop');

  // One visitor on both sites (the same sessionId cookie), two more on the first, one on the second.
  const both = `sessionId=${randomUUID()}`;
  await sendVisitorEvents(server, siteIds[0]!, visit('A1'), PHONE_USER_AGENT, both);
  await sendVisitorEvents(server, siteIds[1]!, visit('A2'), PHONE_USER_AGENT, both);
  for (let i = 0; i < 2; i++) await sendVisitorEvents(server, siteIds[0]!, visit('B1'), PHONE_USER_AGENT);
  await sendVisitorEvents(server, siteIds[1]!, visit('A1'), PHONE_USER_AGENT);
  for (let i = 0; i < 3; i++) await sendVisitorEvents(server, otherSite, visit('A1'), PHONE_USER_AGENT);
  await waitForRollup(async () => (await customer.call<AccountLpSummary>('GET', '/api/analysis/account/lp')).kpis.swipePv.value === 5);

  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  expect((await context.request.post(`${server.adminUrl}/api/auth/login`, { data: { email: CUSTOMER.email, password: CUSTOMER.password } })).status()).toBe(200);
  prefix = ((await (await context.request.get(`${server.adminUrl}/api/auth/user-info`)).json()) as { account: { routePrefix: string } }).account.routePrefix;
  await context.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function cardFigure(page: Page, name: string): Promise<string | null> {
  return page.getByTestId(`kpi-${name}`).textContent();
}

describe('the analytics across the account’s sites', () => {
  it('is in the navigation, counts a visitor of two sites once, and lists both sites with their own figures', async () => {
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/${prefix}/site-list`);
    await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.waitForURL(`**/${prefix}/analytics`);
    const [first, second] = await Promise.all(siteIds.map((id) => customer.call<LpSummary>('GET', `/api/analysis/site/${id}/lp`)));
    expect([first!.kpis.users.value, second!.kpis.users.value]).toEqual([3, 2]);
    // Four visitors, not five: the one who saw both sites is one user.
    await expect.poll(() => cardFigure(page, 'users'), SETTLED).toBe('4');
    expect(await cardFigure(page, 'swipePv')).toBe('5');
    expect(await cardFigure(page, 'cv')).toBe('5');
    expect(await cardFigure(page, 'cvRate')).toBe('125.0%');
    await page.locator('.chart-figure canvas').first().waitFor();

    const rows = page.getByTestId('account-sites').locator('tbody tr');
    await rows.first().waitFor();
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(shown).toEqual([
      ['Autumn bags', '3', '3', '3', '100.0%'],
      ['Winter coats', '2', '2', '2', '100.0%'],
    ]);
    expect(await page.getByText('Someone else’s shop').count()).toBe(0);
    expect(await page.getByLabel('Variant').count()).toBe(0);
    if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, 'analytics-account.png'), fullPage: true });

    await page.getByRole('link', { name: 'Open the analytics of Winter coats' }).click();
    await page.waitForURL(`**/${prefix}/analytics/${siteIds[1]}**`);
    await expect.poll(() => page.locator('main h1').textContent(), SETTLED).toContain('Winter coats');
    await expect.poll(() => cardFigure(page, 'users'), SETTLED).toBe('2');
    await page.close();
  });
});
