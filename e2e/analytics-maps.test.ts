import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricFigure } from '../admin/src/console/screens/analytics/heat-scale.ts';
import { loadConfig } from '../api/config.ts';
import { requestOnHost } from '../api/request-on-host.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import type { PagesReport, TapBins } from '../model/analytics-report.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { launchBrowser, PHONE_USER_AGENT } from './browser.ts';
import { pageIds, signIn, visitorUrl } from './site-api.ts';

// Visitors' events go through the real event endpoint of a published 3 × 3 site, the server's
// rollup job folds them, and the analytics screen's grid heat map, tap map and A/B section show
// them. The screen is the analytics-screen branch's (`/{prefix}/analytics/{siteId}`): this test
// needs both branches merged.

const OPERATOR = { email: 'owner@example.com', password: 'Analytics-maps1!' };
const SHOTS = process.env.SHOTS_DIR;
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let api: Awaited<ReturnType<typeof signIn>>;
let siteId = '';
let siteHost = '';
let b1Image = '';

type Event = Record<string, unknown> & { type: string };

/** One visitor's batch, as the viewer sends it from a phone; no cookie, so each batch is a visitor of its own. */
async function sendVisit(events: Event[]): Promise<void> {
  const reply = await requestOnHost(server.siteUrl, siteHost, '/api/end-user/events', {
    method: 'POST',
    body: JSON.stringify({ siteId, lang: 'jp', events }),
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_USER_AGENT },
  });
  expect(reply.status, reply.text).toBe(202);
  expect(JSON.parse(reply.text)).toEqual({ accepted: events.length });
}

const landing = (cell: string): Event => ({ type: 'landing', cell });
const move = (cell: string, to: string, direction: string): Event => ({ type: 'slide_page', cell, to, direction });
const exit = (cell: string, direction: string): Event => ({ type: 'exit', cell, direction });
const tap = (cell: string, x: number, y: number): Event => ({ type: 'tap', cell, x, y });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-analytics-maps-'));
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'false' }), () => {});
  api = await signIn(server, OPERATOR.email, OPERATOR.password);
  const site = await api.createSite({ name: 'Maps shop', numberHorizontal: 3, numberVertical: 3, defaultLanguage: 'jp', languages: ['jp'] });
  siteId = site.id;
  const columns = [...site.creatives].sort((a, b) => a.columnIndex - b.columnIndex);
  await api.call('PUT', `/api/site/${siteId}/categories?lang=jp`, { categories: columns.map((column, i) => ({ id: column.id, name: ['Shoes', 'Bags', 'Hats'][i] })) });
  const ids = pageIds(site);
  const colours = ['#2d6a4f', '#b5838d', '#457b9d'];
  for (const [i, position] of ['A1', 'A2', 'B1'].entries()) {
    const imageUrl = await api.uploadImage(siteId, colours[i]!, `${position}.jpg`);
    if (position === 'B1') b1Image = imageUrl;
    await api.writePage(siteId, ids[position]!, { detail: { imageUrl } });
  }
  await api.publish(siteId);
  // A variant of A1 and a running 50/50 test, for the A/B section.
  await api.call('POST', `/api/site/${siteId}/page/${ids.A1}/variants`, {}, 201);
  await api.call('PUT', `/api/site/${siteId}/experiment`, {
    name: 'Hero words',
    arms: [
      { arm: 'control', weight: 0.5 },
      { arm: 'B', weight: 0.5 },
    ],
    coverage: 1,
  });
  await api.call('POST', `/api/site/${siteId}/experiment/start`);
  // The site's own origin, where its viewer sends events.
  const entry = await fetch(visitorUrl(server, siteId), { redirect: 'manual' });
  siteHost = new URL(entry.headers.get('location')!, server.siteUrl).host;

  // Four visitors go A1 ↓ A2 → B1, tap B1 and contact the owner there, then close the page.
  for (let i = 0; i < 4; i++) {
    await sendVisit([landing('A1'), move('A1', 'A2', 'down'), move('A2', 'B1', 'right'), tap('B1', 7, 12), { type: 'contact', cell: 'B1' }, exit('B1', 'leave')]);
  }
  // Two go A1 → B1 and swipe off the top of the grid; one of them taps twice more.
  await sendVisit([landing('A1'), move('A1', 'B1', 'right'), tap('B1', 7, 12), tap('B1', 2, 3), tap('B1', 2, 3), exit('B1', 'up')]);
  await sendVisit([landing('A1'), move('A1', 'B1', 'right'), tap('B1', 14, 29), exit('B1', 'up')]);
  // One leaves from where it landed.
  await sendVisit([landing('A1'), exit('A1', 'leave')]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The pages report once the server's rollup job (every 10 s) has folded every visit. */
async function foldedPages(): Promise<PagesReport> {
  let report: PagesReport | undefined;
  await expect
    .poll(
      async () => {
        report = await api.call<PagesReport>('GET', `/api/analysis/site/${siteId}/pages`);
        return report.cells.find((cell) => cell.cell === 'A1')?.landings;
      },
      { timeout: 40_000, interval: 1000 },
    )
    .toBe(7);
  return report!;
}

async function openScreen(section: 'pages' | 'taps' | 'experiment'): Promise<Page> {
  // axe-core is injected as a script, which the console's CSP refuses otherwise.
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/site-list');
  const prefix = new URL(page.url()).pathname.split('/')[1];
  await page.goto(`${server.adminUrl}/${prefix}/analytics/${siteId}?section=${section}`);
  return page;
}

describe('the analytics screen’s maps', () => {
  it('shows each page’s views on the grid with its ways out as arrows and in words, and the selected page’s figures and chance to convert', { timeout: 120_000 }, async () => {
    const report = await foldedPages();
    const a1 = report.cells.find((cell) => cell.cell === 'A1')!;
    const b1 = report.cells.find((cell) => cell.cell === 'B1')!;
    // What the events make, straight from the report: the map must show these.
    expect(a1).toMatchObject({ moves: { down: 4, right: 2, left: 0, up: 0 }, exitsBy: { leave: 1, up: 0 } });
    expect(b1).toMatchObject({ views: 6, exitsBy: { up: 2, leave: 4 }, conversions: 4 });

    const page = await openScreen('pages');
    const map = page.getByTestId('grid-heat-map');
    const cell = (position: string) => map.locator(`td[data-position="${position}"]`);
    await expect.poll(() => cell('A1').getByTestId('heat-figure').textContent(), { timeout: 15_000 }).toBe(String(a1.views));
    expect(await map.locator('thead th').allTextContents()).toEqual(['Row', 'A Shoes', 'B Bags', 'C Hats']);
    expect(await cell('B1').getByTestId('heat-figure').textContent()).toBe('6');
    expect(await cell('C3').getByTestId('heat-figure').textContent()).toBe('0');
    // The most viewed page is the darkest class; a page nobody saw the lightest.
    expect(await cell('A1').getAttribute('data-level')).toBe('5');
    expect(await cell('C3').getAttribute('data-level')).toBe('0');

    // A1's ways out: down to A2 (4 of 7), right to B1 (2 of 7), one closed the page; thicker for more.
    const arrow = (position: string, kind: string, direction: string) => cell(position).locator(`g.way-${kind}[data-direction="${direction}"] line:not(.casing)`);
    const width = async (position: string, kind: string, direction: string) => Number(await arrow(position, kind, direction).getAttribute('stroke-width'));
    expect(await width('A1', 'move', 'down')).toBeGreaterThan(await width('A1', 'move', 'right'));
    expect(await arrow('A1', 'move', 'left').count()).toBe(0);
    expect(await cell('A1').locator('.way-leave').count()).toBe(1);
    // B1: two swiped off the top of the grid, four closed the page.
    expect(await arrow('B1', 'exit', 'up').count()).toBe(1);
    const described = await cell('A1')
      .getByRole('button')
      .evaluate((button) => document.getElementById(button.getAttribute('aria-describedby')!)?.textContent);
    expect(described).toBe('Right: 2 moved (28.6%). Down: 4 moved (57.1%). 1 closed or went elsewhere (14.3%)');
    expect(await cell('B1').getByRole('button').getAttribute('title')).toBe('Up: 2 swiped off the grid and left (33.3%)\n4 closed or went elsewhere (66.7%)');

    // Selecting A1 shows its figures, its ways out by direction and the Markov chance to convert.
    await cell('A1').getByRole('button').click();
    const detail = page.getByTestId('cell-detail');
    expect(await detail.getByTestId('detail-views').textContent()).toBe('7');
    expect(await detail.locator('tr[data-direction="down"] td').allTextContents()).toEqual(['4 (57.1%)', '0 (0%)']);
    expect(await detail.locator('tr[data-direction="leave"] td').allTextContents()).toEqual(['—', '1 (14.3%)']);
    // B1 converts 4 of its 10 ways out; A1 leads there by every path but the one that left: 6/7 × 0.4.
    expect(a1.conversionChance).toBeCloseTo((6 / 7) * 0.4, 9);
    expect(await detail.getByTestId('detail-chance').textContent()).toContain(metricFigure('conversionChance', a1.conversionChance, 'en'));

    // Coloured by the chance to convert, each cell prints it.
    await map.getByLabel('Colour by').selectOption('conversionChance');
    await expect.poll(() => cell('B1').getByTestId('heat-figure').textContent()).toBe('40%');
    expect(await cell('A1').getByTestId('heat-figure').textContent()).toBe('34.3%');
    await map.getByLabel('Colour by').selectOption('views');
    await expect.poll(() => cell('A1').getByTestId('heat-figure').textContent()).toBe('7');
    if (SHOTS) await map.screenshot({ path: join(SHOTS, 'analytics-grid-heat-map.png') });
    // WCAG 2.2 AA as axe checks it, with a page selected, arrows drawn and the detail open.
    const violations = await axeViolations(page);
    expect(violations, describeViolations('analytics maps', violations)).toEqual([]);

    await page.close();
  });

  it('shows the running A/B test with its arms, as the editor does', { timeout: 120_000 }, async () => {
    await foldedPages();
    const page = await openScreen('experiment');
    const ab = page.getByTestId('experiment-section');
    await expect.poll(() => ab.getByTestId('experiment-status').textContent()).toBe('Running');
    expect(await ab.locator('[data-testid="experiment-results"] tbody th').allTextContents()).toEqual(['Control', 'B']);
    await page.close();
  });

  it('draws a page’s tap bins over its image at the 375 × 739 frame, with the total and the busiest places in words', { timeout: 120_000 }, async () => {
    await foldedPages();
    const bins = await api.call<TapBins>('GET', `/api/analysis/site/${siteId}/taps?cell=B1`);
    expect(bins.bins.map(({ x, y, taps }) => [x, y, taps]).sort()).toEqual([
      [14, 29, 1],
      [2, 3, 2],
      [7, 12, 5],
    ]);
    const page = await openScreen('taps');
    const map = page.getByTestId('tap-map');
    await map.getByLabel('Page', { exact: true }).selectOption('B1');
    await expect.poll(() => map.getByTestId('tap-total').textContent(), { timeout: 15_000 }).toBe('Taps in all: 8');
    expect(await map.getByTestId('tap-image').getAttribute('src')).toBe(b1Image);
    await expect.poll(() => map.getByTestId('tap-image').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const rect = (bin: string) => map.locator(`rect[data-bin="${bin}"]`);
    expect(await map.locator('svg.tap-bins rect').count()).toBe(3);
    expect(await rect('7,12').evaluate((node) => ['x', 'y', 'width', 'height', 'data-taps'].map((name) => node.getAttribute(name)))).toEqual(['175', '300', '25', '25', '5']);
    // The last row is cut at the frame's 739 px.
    expect(await rect('14,29').getAttribute('height')).toBe('14');
    // The layer covers the image exactly: the same box, at the frame's proportions.
    const [image, layer] = await Promise.all([map.getByTestId('tap-image').boundingBox(), map.locator('svg.tap-bins').boundingBox()]);
    expect(layer).toEqual(image);
    expect(layer!.width / layer!.height).toBeCloseTo(375 / 739, 2);
    // The busiest bin is drawn in the darkest class and listed first.
    expect(await rect('7,12').getAttribute('fill')).toBe('#bd0026');
    expect((await map.getByTestId('tap-top').locator('li').allTextContents())[0]).toBe('Taps: 5 (62.5%), centre: x 175–200 px, y 300–325 px of 375 × 739');
    if (SHOTS) await map.screenshot({ path: join(SHOTS, 'analytics-tap-map.png') });
    await page.close();
  });
});
