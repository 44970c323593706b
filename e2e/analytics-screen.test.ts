import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import type { LpChart, LpSummary, Ranking } from '../model/analytics-report.ts';
import { messageText } from '../model/messages/text.ts';
import { addDays, JAPAN_TIME_ZONE, localDate } from '../model/zoned-calendar.ts';
import { launchBrowser, PHONE_USER_AGENT } from './browser.ts';
import { pageIds, sendVisitorEvents, signIn, waitForRollup } from './site-api.ts';

// The site owner opens a site's swipe analytics after visitors came through the real event
// endpoint and the server's rollup job folded them: the KPI cards say what the lp report says,
// the uPlot chart draws the chosen metric, the ranking lists the pages, and a filter changes the
// cards, the address and the CSV link alike. A customer whose plan lacks analytics is offered none.
// SHOTS_DIR=/some/dir saves screenshots of the screen there.

const OPERATOR = { email: 'owner@example.com', password: 'Operator-pass1!' };
const TRIAL = { email: 'trial@example.com', first: 'First#Pass1', password: 'Trial#Owner2' };
const DESKTOP_USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SHOTS_DIR = process.env.SHOTS_DIR;
/** Just under the 24 h the event endpoint takes a visitor's clock for (CLOCK_SKEW_MS). */
const EARLIER = Date.now() - 24 * 3600_000 + 60_000;
/** How long a screen may take to show what a click or a reload asked for, on a loaded machine. */
const SETTLED = { timeout: 10_000 };

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let operatorContext: BrowserContext;
let owner: Awaited<ReturnType<typeof signIn>>;
let prefix = '';
let siteId = '';

/**
 * One visit: lands on A1 (from `referrerHost` when given), moves down to A2, taps its CTA,
 * registers when asked, and leaves; at `at` (ms) when given, else now.
 */
function visit(options: { referrerHost?: string; registers?: boolean; at?: number }): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [
    { type: 'landing', cell: 'A1', ...(options.referrerHost ? { referrerHost: options.referrerHost } : {}) },
    { type: 'dwell', cell: 'A1', ms: 1200 },
    { type: 'slide_page', cell: 'A1', to: 'A2', direction: 'down' },
    { type: 'click_cta_btn', cell: 'A2' },
    ...(options.registers ? [{ type: 'registration', cell: 'A2' }] : []),
    { type: 'dwell', cell: 'A2', ms: 2500 },
    { type: 'exit', cell: 'A2', direction: 'leave' },
  ];
  return options.at === undefined ? events : events.map((event) => ({ ...event, at: options.at }));
}

const report = <T>(path: string, query = '') => owner.call<T>('GET', `/api/analysis/site/${siteId}/${path}${query}`);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-analytics-'));
  if (SHOTS_DIR) await mkdir(SHOTS_DIR, { recursive: true });
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'false' }), () => {});
  owner = await signIn(server, OPERATOR.email, OPERATOR.password);
  // 3 × 4: twelve pages, enough for the ranking (B §9).
  const site = await owner.createSite({ name: 'Spring shoes', numberHorizontal: 3, numberVertical: 4, defaultLanguage: 'jp', languages: ['jp'] });
  siteId = site.id;
  const image = await owner.uploadImage(siteId, '#2266aa');
  for (const pageId of Object.values(pageIds(site))) await owner.writePage(siteId, pageId, { detail: { imageUrl: image } });
  await owner.publish(siteId);

  // Three phones (one registers) and two desktops arriving from a search engine.
  for (let i = 0; i < 3; i++) await sendVisitorEvents(server, siteId, visit({ registers: i === 0 }), PHONE_USER_AGENT);
  for (let i = 0; i < 2; i++) await sendVisitorEvents(server, siteId, visit({ referrerHost: 'www.google.co.jp' }), DESKTOP_USER_AGENT);
  // Two phones nearly a day earlier, as far back as the endpoint believes a visitor's clock: the day
  // before today in Japan time (unless today is in its last minute), for a one-day report's previous day.
  for (let i = 0; i < 2; i++) await sendVisitorEvents(server, siteId, visit({ at: EARLIER }), PHONE_USER_AGENT);
  // The server's rollup job folds new events every 10 s: the reports show them once it has run.
  await waitForRollup(async () => (await report<LpSummary>('lp')).kpis.users.value === 7);

  browser = await launchBrowser();
  operatorContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const login = await operatorContext.request.post(`${server.adminUrl}/api/auth/login`, { data: OPERATOR });
  expect(login.status()).toBe(200);
  prefix = ((await (await operatorContext.request.get(`${server.adminUrl}/api/auth/user-info`)).json()) as { account: { routePrefix: string } }).account.routePrefix;
  await operatorContext.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
}, 120_000);

afterAll(async () => {
  await operatorContext?.close();
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Each KPI card's figure as the screen shows it, by KPI name. */
async function cardFigures(page: Page): Promise<Record<string, string>> {
  const cards = page.locator('[data-kpi]');
  await cards.first().waitFor();
  const figures: Record<string, string> = {};
  for (const card of await cards.all()) figures[(await card.getAttribute('data-kpi'))!] = (await card.locator('.kpi-value').textContent())!;
  return figures;
}

/** The lp report's KPIs written as the English console writes them: counts as they are, rates as percentages with one decimal. */
function expectedFigures(summary: LpSummary): Record<string, string> {
  const rates = new Set(['cvRate', 'bounceRate']);
  return Object.fromEntries(Object.entries(summary.kpis).map(([name, kpi]) => [name, rates.has(name) ? `${(kpi.value * 100).toFixed(1)}%` : String(kpi.value)]));
}

/** A change as a card shows it beside its arrow: signed, one decimal; a dash when nothing came before. */
function changeFigure(change: number | null): string {
  if (change === null) return '—';
  const figure = `${(Math.abs(change) * 100).toFixed(1)}%`;
  return change > 0 ? `▲ +${figure}` : change < 0 ? `▼ -${figure}` : figure;
}

async function openScreen(search = ''): Promise<Page> {
  const page = await operatorContext.newPage();
  await page.goto(`${server.adminUrl}/${prefix}/analytics/${siteId}${search}`);
  await page.locator('main h1').waitFor();
  return page;
}

describe('the swipe analytics screen', () => {
  it('is reached from the site list, and its KPI cards show the lp report’s figures', async () => {
    const page = await operatorContext.newPage();
    await page.goto(`${server.adminUrl}/${prefix}/site-list`);
    await page.getByRole('link', { name: 'Swipe analytics: Spring shoes' }).click();
    await page.waitForURL(`**/${prefix}/analytics/${siteId}`);
    const summary = await report<LpSummary>('lp');
    expect(summary.kpis.users.value).toBe(7);
    expect(summary.kpis.cv.value).toBe(1);
    expect(await cardFigures(page)).toEqual(expectedFigures(summary));
    // Nothing came in the 30 days before: the change says so in words, not by colour.
    await expect.poll(() => page.getByTestId('kpi-users-change').textContent(), SETTLED).toContain('Nothing in the previous period to compare with');
    await page.close();
  });

  it('shows each KPI’s change on the previous period of the same length, signed and in words', async () => {
    const today = localDate(JAPAN_TIME_ZONE, Date.now());
    const page = await openScreen(`?from=${today}&to=${today}`);
    const summary = await report<LpSummary>('lp', `?from=${today}&to=${today}`);
    expect(summary.previous).toEqual({ from: addDays(today, -1), to: addDays(today, -1) });
    expect(await cardFigures(page)).toEqual(expectedFigures(summary));
    const changes = await page.locator('[data-kpi]').evaluateAll((cards) => cards.map((card) => [card.getAttribute('data-kpi'), card.querySelector('.kpi-change [aria-hidden]')?.textContent]));
    expect(Object.fromEntries(changes)).toEqual(Object.fromEntries(Object.entries(summary.kpis).map(([name, kpi]) => [name, changeFigure(kpi.change)])));
    if (localDate(JAPAN_TIME_ZONE, EARLIER) !== today) {
      // Five visitors today against two yesterday.
      expect(summary.kpis.users).toMatchObject({ value: 5, previous: 2 });
      expect(await page.getByTestId('kpi-users-change').textContent()).toContain('Up 150.0% on the previous period (2)');
    }
    if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, 'analytics-overview.png'), fullPage: true });
    await page.close();
  });

  it('draws the chosen metric with uPlot, one series, with every figure in a table for screen readers', async () => {
    const page = await openScreen();
    const chart = page.getByTestId('trend-chart');
    await chart.locator('canvas').waitFor();
    // uPlot's legend: the x series, then one row per drawn series.
    await expect.poll(() => chart.locator('.u-legend .u-series').count(), SETTLED).toBe(2);
    const points = (await report<LpChart>('lp/chart')).points;
    const rows = page.getByTestId('chart-table').locator('tbody tr');
    expect(await rows.count()).toBe(points.length);
    const today = points.at(-1)!;
    expect(await rows.last().locator('td').textContent()).toBe(String(today.users));
    await expect.poll(() => chart.locator('.u-legend .u-series').nth(1).textContent(), SETTLED).toContain('Users');

    await page.getByLabel('Metric').selectOption('views');
    await expect.poll(() => chart.locator('.u-legend .u-series').nth(1).textContent(), SETTLED).toContain('Swipe PV');
    expect(await chart.locator('.u-legend .u-series').count()).toBe(2);
    await expect.poll(() => rows.last().locator('td').textContent(), SETTLED).toBe(String(today.views));
    expect(new URL(page.url()).searchParams.get('metric')).toBe('views');

    // By month: one row per month of the range, as the report counts them.
    await page.getByLabel('Granularity').selectOption('month');
    const months = (await report<LpChart>('lp/chart', '?unit=month')).points;
    await expect.poll(() => rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent))), SETTLED).toEqual(months.map((point) => [point.period, String(point.views)]));
    expect(await chart.locator('.u-legend .u-series').count()).toBe(2);
    await page.getByLabel('Granularity').selectOption('day');
    await expect.poll(() => rows.count(), SETTLED).toBe(points.length);
    if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, 'analytics-chart.png'), fullPage: true });
    await page.close();
  });

  it('applies a device filter to the cards, the address and the CSV link, and keeps it on reload', async () => {
    const page = await openScreen();
    await cardFigures(page);
    await page.getByLabel('Device').selectOption('mobile');
    await expect.poll(() => new URL(page.url()).searchParams.get('device'), SETTLED).toBe('mobile');
    const phones = await report<LpSummary>('lp', '?device=mobile');
    expect(phones.kpis.users.value).toBe(5);
    await expect.poll(async () => (await cardFigures(page)).users, SETTLED).toBe('5');
    expect(await cardFigures(page)).toEqual(expectedFigures(phones));
    const href = (await page.getByTestId('export-link').getAttribute('href'))!;
    const exported = new URL(href, server.adminUrl);
    expect(exported.pathname).toBe(`/api/analysis/site/${siteId}/exports`);
    expect(exported.searchParams.get('device')).toBe('mobile');
    expect(exported.searchParams.get('from')).toBe(phones.range.from);
    expect(exported.searchParams.get('to')).toBe(phones.range.to);
    // The link downloads the filtered report.
    const csv = await operatorContext.request.get(exported.href);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');

    await page.reload();
    await expect.poll(async () => (await cardFigures(page)).users, SETTLED).toBe('5');
    expect(await page.getByLabel('Device').inputValue()).toBe('mobile');
    await page.close();
  });

  it('ranks the pages, and says B §5’s refusal beside the start date without asking', async () => {
    const page = await openScreen('?section=pages');
    const ranking = await report<Ranking>('ranking');
    const rows = page.getByTestId('ranking').locator('tbody tr');
    await rows.first().waitFor();
    // The pages the visitors saw, A1 and A2, in the report's order with its values.
    expect(ranking.rows.map((row) => row.cell).sort()).toEqual(['A1', 'A2']);
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(shown).toEqual(ranking.rows.map((row) => [String(row.rank), row.cell, String(row.value)]));
    if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, 'analytics-ranking.png'), fullPage: true });

    const from = page.getByLabel('From');
    const year = Number((await from.inputValue()).slice(0, 4));
    await from.fill(`${year - 2}-01-01`);
    await expect.poll(() => from.getAttribute('aria-invalid'), SETTLED).toBe('true');
    const error = page.locator(`#${await from.getAttribute('aria-describedby')}`);
    expect(await error.textContent()).toBe(messageText('reportOverYearAgo', 'en'));
    expect(await page.getByTestId('ranking').count()).toBe(0);
    await page.close();
  });

  it('is not offered to a customer whose plan lacks analytics, and says why when opened directly', async () => {
    await owner.call('POST', '/api/master/user', { companyName: 'Trial Inc', email: TRIAL.email, accountType: 'USER', planId: 'trial', password: TRIAL.first }, 201);
    const first = await signIn(server, TRIAL.email, TRIAL.first);
    await first.call('POST', '/api/auth/change-password', { currentPassword: TRIAL.first, password: TRIAL.password, confirmPassword: TRIAL.password });
    const trial = await signIn(server, TRIAL.email, TRIAL.password);
    const own = await trial.createSite({ name: 'Trial shop', numberHorizontal: 2, numberVertical: 5 });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
    expect((await context.request.post(`${server.adminUrl}/api/auth/login`, { data: { email: TRIAL.email, password: TRIAL.password } })).status()).toBe(200);
    const trialPrefix = ((await (await context.request.get(`${server.adminUrl}/api/auth/user-info`)).json()) as { account: { routePrefix: string } }).account.routePrefix;
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/${trialPrefix}/site-list`);
    await page.getByRole('link', { name: 'Trial shop' }).first().waitFor();
    // The same row offers the owner's data: the analytics entry is the one missing.
    await page.getByRole('link', { name: 'Collected data' }).waitFor();
    expect(await page.getByRole('link', { name: /Swipe analytics/ }).count()).toBe(0);
    // Nor the analytics across its sites in the navigation, whose screen says why when opened directly.
    expect(await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Analytics', exact: true }).count()).toBe(0);
    await page.goto(`${server.adminUrl}/${trialPrefix}/analytics`);
    await expect.poll(() => page.getByTestId('analytics-locked').textContent(), SETTLED).toContain(messageText('planFeatureLocked', 'en'));
    await page.goto(`${server.adminUrl}/${trialPrefix}/site/${own.id}`);
    await page.getByRole('link', { name: 'Members' }).waitFor();
    expect(await page.getByRole('link', { name: /Swipe analytics/ }).count()).toBe(0);
    await page.goto(`${server.adminUrl}/${trialPrefix}/analytics/${own.id}`);
    const locked = page.getByTestId('analytics-locked');
    await locked.waitFor();
    await expect.poll(() => locked.textContent(), SETTLED).toContain(messageText('planFeatureLocked', 'en'));
    await context.close();
  });
});
