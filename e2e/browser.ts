import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { listen } from '../api/server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing that reaches for the network on its own. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', ...extraArgs],
  });
}

/** The position code of the page under the middle of the viewer: the one a visitor sees. */
export function visiblePosition(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const stage = document.querySelector('.sg-columns')?.getBoundingClientRect();
    if (!stage) return null;
    const hit = document.elementsFromPoint(stage.left + stage.width / 2, stage.top + stage.height / 2).find((element) => element.matches('.sg-page[data-position]')) as HTMLElement | undefined;
    return hit?.dataset.position ?? null;
  });
}

/**
 * A phone's user agent for tests whose analytics must be stored: headless Chromium's own names
 * `HeadlessChrome`, which the events endpoint drops as a bot (isbot). Give it to the browser
 * (`launchBrowser(PHONE_BROWSER_ARGS)`) as well as to the context: a beacon sent as the page goes
 * away leaves without the context's override.
 */
export const PHONE_USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const PHONE_BROWSER_ARGS = [`--user-agent=${PHONE_USER_AGENT}`];

/** A finger drag from one point to another, as real touch events (pointer events follow from them). */
export async function swipe(page: Page, cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }, steps = 8): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Resolves once every Astro island on the page has hydrated and its effects (key and wheel listeners) have run. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island').length > 0 && document.querySelectorAll('astro-island[ssr]').length === 0);
  // Preact runs effects after the next frame; two frames later they have.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** An in-process app (the test context's site app, say) served on a free loopback port, as a browser must reach it; `front` as the server puts it (ctx.siteFront). */
export async function serveOnLoopback(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  front?: NonNullable<Parameters<typeof listen>[3]>['front'],
): Promise<{ origin: string; close(): Promise<void> }> {
  const { server, port } = await listen(app, 0, '127.0.0.1', { front });
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A site's own origin (`{handle}.localhost`, which Chromium resolves to loopback) on the port a test serves the site app on. */
export function onPort(siteOrigin: string, loopbackOrigin: string): string {
  const url = new URL(siteOrigin);
  url.port = new URL(loopbackOrigin).port;
  return url.origin;
}
