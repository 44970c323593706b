import { sqlAll } from '../api/db/test-sql.ts';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { lpSummarySchema, pagesReportSchema, tapBinsSchema } from '../model/analytics-report.ts';
import { tapBin, TAP_FRAME } from '../model/visitor-event.ts';
import { runRollup } from '../api/analytics/run-rollup.ts';
import { createTestContext, pngBytes, type TestContext } from '../api/test-support.ts';
import { launchBrowser, onPort, PHONE_BROWSER_ARGS, PHONE_USER_AGENT, swipe, visiblePosition, waitForHydration, serveOnLoopback } from './browser.ts';

// The raw analytics events of one visitor on a published 3 × 4 site, as the viewer sends them and
// the event endpoint stores them: the landing, every move with its direction, dwell, a tap on a
// CTA and the click it is, and the exit by a swipe the grid refused on the last page; then what the
// reports show of it once the rollup has run.

let ctx: TestContext;
let server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined;
let origin: string;
let siteId: string;
let browser: Browser;

const COLOURS = ['#335577', '#775533', '#557733', '#553377'];

beforeAll(async () => {
  ctx = await createTestContext();
  const site = await ctx.createSite({ numberHorizontal: 3, numberVertical: 4, defaultLanguage: 'jp', languages: ['jp'] });
  siteId = site.id;
  const images = await Promise.all(COLOURS.map((colour, i) => pngBytes(375, 739, colour).then((bytes) => ctx.uploadMedia(siteId, bytes, `${i}.png`))));
  for (const [column, creative] of site.creatives.entries()) {
    for (const [row, page] of creative.pages.entries()) {
      const buttons =
        column === 1 && row === 3
          ? [
              {
                id: 'cta-buy',
                buttonType: 'text',
                buttonText: 'Buy',
                buttonLinkType: 'none',
                linkDestinationUrl: '',
                buttonWidth: 160,
                buttonHeight: 48,
                buttonPositionLeft: 100,
                buttonPositionTop: 300,
              },
            ]
          : [];
      await ctx.writePage(siteId, page.id, 'jp', { detail: { imageUrl: images[(column + row) % images.length]!.url }, buttons });
    }
  }
  await ctx.publish(siteId);
  // With the server's lean path before the site app: the viewer's beacons take it, as in production.
  server = await serveOnLoopback(ctx.site, ctx.siteFront);
  origin = onPort(await ctx.originOf(siteId), server.origin);
  browser = await launchBrowser(PHONE_BROWSER_ARGS);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await ctx?.cleanup();
});

type Row = { kind: string; cell: string; to_cell: string | null; direction: string | null; target_id: string | null; tap_x: number | null; tap_y: number | null; value: number | null };
const stored = async () =>
  (await sqlAll(ctx.db, 'SELECT kind, cell, to_cell, direction, target_id, tap_x, tap_y, value, session_id, visit_id, device, lang FROM visitor_events ORDER BY id')) as (Row & {
    session_id: string;
    visit_id: string;
    device: string;
    lang: string;
  })[];

/** One swipe, then the move it makes: the page in view and the address both say `to`; the throttle (500 ms) is waited out. */
async function swipeTo(page: Page, cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }, cell: string) {
  await swipe(page, cdp, from, to);
  await expect.poll(() => visiblePosition(page), { timeout: 5000 }).toBe(cell);
  await page.waitForTimeout(600);
}

// Longer than half the screen: under load a swipe may take over a second, and a slow one moves only past half (gesture.ts).
const UP = [
  { x: 190, y: 690 },
  { x: 195, y: 120 },
] as const;

type Visit = { opened: number; tap: { x: number; y: number }; session: string | undefined };
let visited: Promise<Visit> | undefined;

/** The visit both tests read (once, whichever test runs first): lands on A1, swipes to B4, taps its CTA, swipes up past the grid and closes the tab. */
function visitOnce(): Promise<Visit> {
  visited ??= visit();
  return visited;
}

async function visit(): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true, userAgent: PHONE_USER_AGENT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const opened = Date.now();
  await page.goto(`${origin}/`);
  await waitForHydration(page);
  expect(await visiblePosition(page)).toBe('A1');

  // Finger up: the next row. Finger right to left: the next column, at its first page.
  await swipeTo(page, cdp, UP[0], UP[1], 'A2');
  await swipeTo(page, cdp, { x: 320, y: 400 }, { x: 40, y: 405 }, 'B1');
  await swipeTo(page, cdp, UP[0], UP[1], 'B2');
  await swipeTo(page, cdp, UP[0], UP[1], 'B3');
  await swipeTo(page, cdp, UP[0], UP[1], 'B4');

  const button = page.locator('.sg-page[data-position="B4"] [data-button-id="cta-buy"] .sg-button');
  // The stage slides into place (a CSS transition): tap once the button stands still.
  const still = () =>
    button.evaluate(
      (element) =>
        new Promise<boolean>((resolve) => {
          const top = element.getBoundingClientRect().top;
          setTimeout(() => resolve(element.getBoundingClientRect().top === top), 100);
        }),
    );
  await expect.poll(still, { timeout: 5000 }).toBe(true);
  const where = await button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const frame = element.closest('.sg-page')!.getBoundingClientRect();
    return { x: box.left + box.width / 2 - frame.left, y: box.top + box.height / 2 - frame.top, width: frame.width, height: frame.height, left: frame.left, top: frame.top };
  });
  // A CTA that leads nowhere, so the visitor stays on B4: still a tap and a click. Clicked at its middle: a touch tap
  // held long on a loaded machine becomes a long press, which is no click.
  await page.mouse.click(where.left + where.x, where.top + where.y);
  // B4 is the column's last page: a swipe up is refused, and then the visitor leaves.
  await swipe(page, cdp, UP[0], UP[1]);
  await page.waitForTimeout(300);
  expect(await visiblePosition(page)).toBe('B4');
  // The visitor closes the tab: the page's pagehide sends the rest.
  await page.close({ runBeforeUnload: true });

  const tap = tapBin((where.x / where.width) * TAP_FRAME.width, (where.y / where.height) * TAP_FRAME.height);
  await expect.poll(async () => (await stored()).at(-1)?.kind, { timeout: 10_000 }).toBe('exit');
  const session = (await context.cookies()).find((cookie) => cookie.name === 'sessionId')?.value;
  await context.close();
  return { opened, tap, session };
}

describe('analytics of a visit', () => {
  it('stores exactly the landing, the moves with their directions, the CTA tap and click, and the exit by a refused swipe, in order, as one visit', async () => {
    const { opened, tap, session } = await visitOnce();
    const none = { to_cell: null, direction: null, target_id: null, tap_x: null, tap_y: null };
    const dwell = (cell: string) => ({ ...none, kind: 'dwell', cell, value: expect.any(Number) });
    const move = (cell: string, to: string, direction: string) => ({ ...none, kind: 'slide_page', cell, to_cell: to, direction, value: null });
    const rows = await stored();
    expect(rows.map(({ kind, cell, to_cell, direction, target_id, tap_x, tap_y, value }) => ({ kind, cell, to_cell, direction, target_id, tap_x, tap_y, value }))).toEqual([
      { ...none, kind: 'landing', cell: 'A1', value: null },
      dwell('A1'),
      move('A1', 'A2', 'down'),
      dwell('A2'),
      move('A2', 'B1', 'right'),
      dwell('B1'),
      move('B1', 'B2', 'down'),
      dwell('B2'),
      move('B2', 'B3', 'down'),
      dwell('B3'),
      move('B3', 'B4', 'down'),
      { ...none, kind: 'tap', cell: 'B4', tap_x: tap.x, tap_y: tap.y, value: null },
      { ...none, kind: 'click_cta_btn', cell: 'B4', target_id: 'cta-buy', value: null },
      dwell('B4'),
      { ...none, kind: 'exit', cell: 'B4', direction: 'down', value: null },
    ]);
    // Time on each cell, and no more in all than the visit lasted.
    const dwells = rows.filter((row) => row.kind === 'dwell').map((row) => row.value ?? 0);
    for (const ms of dwells) expect(ms).toBeGreaterThan(0);
    expect(dwells.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(Date.now() - opened);
    // One visitor (the sessionId cookie the first answer set), one visit, a phone, the page's language.
    expect(new Set(rows.map((row) => row.session_id))).toEqual(new Set([session]));
    expect(new Set(rows.map((row) => row.visit_id)).size).toBe(1);
    expect(new Set(rows.map((row) => `${row.device} ${row.lang}`))).toEqual(new Set(['mobile jp']));
  });

  it('once the rollup has run, the reports show exactly that visit: its views, moves, exit upward off B4 and the CTA click', async () => {
    const { tap } = await visitOnce();
    // What the server's job does every 10 s (api/analytics/rollup-job.ts).
    await runRollup(ctx.db);
    const report = async <T>(path: string, schema: z.ZodType<T>): Promise<T> => {
      const response = await ctx.request(`/api/analysis/site/${siteId}/${path}`);
      expect(response.status).toBe(200);
      return schema.parse(await response.json());
    };

    const pages = await report('pages', pagesReportSchema);
    const still = { left: 0, right: 0, up: 0, down: 0 };
    const gone = { ...still, leave: 0 };
    const cell = (name: string, moved: Partial<typeof still>, more: { landings?: number; exits?: number; ctaClicks?: number; exitsBy?: Partial<typeof gone> } = {}) => ({
      cell: name,
      views: 1,
      landings: more.landings ?? 0,
      bounces: 0,
      exits: more.exits ?? 0,
      dwellCount: 1,
      ctaClicks: more.ctaClicks ?? 0,
      moves: { ...still, ...moved },
      exitsBy: { ...gone, ...more.exitsBy },
    });
    // The viewer names a move by where the grid goes: a finger swiped up shows the page below, so it is `down`.
    expect(
      pages.cells.map(({ cell, views, landings, bounces, exits, dwellCount, ctaClicks, moves, exitsBy }) => ({ cell, views, landings, bounces, exits, dwellCount, ctaClicks, moves, exitsBy })),
    ).toEqual([
      cell('A1', { down: 1 }, { landings: 1 }),
      cell('A2', { right: 1 }),
      cell('B1', { down: 1 }),
      cell('B2', { down: 1 }),
      cell('B3', { down: 1 }),
      cell('B4', {}, { exits: 1, ctaClicks: 1, exitsBy: { down: 1 } }),
    ]);
    expect(pages.edges).toEqual([
      { from: 'A1', to: 'A2', direction: 'down', moves: 1 },
      { from: 'A2', to: 'B1', direction: 'right', moves: 1 },
      { from: 'B1', to: 'B2', direction: 'down', moves: 1 },
      { from: 'B2', to: 'B3', direction: 'down', moves: 1 },
      { from: 'B3', to: 'B4', direction: 'down', moves: 1 },
    ]);
    // No other click of any kind on any cell.
    const clicks = pages.cells.map((c) => c.linkClicks + c.productItemClicks + c.productPointClicks + c.popupClicks + c.snsClicks + c.calls + c.campaignClicks + c.conversions);
    expect(clicks).toEqual([0, 0, 0, 0, 0, 0]);

    const lp = await report('lp', lpSummarySchema);
    expect({ users: lp.kpis.users.value, swipePv: lp.kpis.swipePv.value, ctaClicks: lp.kpis.ctaClicks.value, cv: lp.kpis.cv.value, bounceRate: lp.kpis.bounceRate.value }).toEqual({
      users: 1,
      swipePv: 6,
      ctaClicks: 1,
      cv: 0,
      bounceRate: 0,
    });
    const taps = await report('taps?cell=B4', tapBinsSchema);
    expect(taps.bins).toEqual([{ x: tap.x, y: tap.y, taps: 1 }]);
  });
});
