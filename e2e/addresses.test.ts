import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { LANG_COOKIE_MAX_AGE_S } from '../model/constants.ts';
import { launchBrowser, swipe, visiblePosition, waitForHydration } from './browser.ts';
import { pageIds, signIn } from './site-api.ts';
import type { SiteView } from '../model/site-view.ts';
import { handleOrigin } from '../model/site-origin.ts';
import type { DomainView } from '../model/domain.ts';
import { startLocalDnsServer, type Zone } from '../api/domains/local-dns-server.ts';

const PASSWORD = 'Address-pass1!';
const DOMAIN = 'shop.example.test';

let dataDir: string;
let dns: Awaited<ReturnType<typeof startLocalDnsServer>>;
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let siteId: string;
let domainSiteId: string;
/** The site's own origin, {handle}.localhost on the site port. */
let siteOrigin: string;

/**
 * A 3 × 3 site in four languages. Pages with an image: A1, A2 (custom path spring-sale), A3,
 * B2, B3, C1; B1 and C2 have none; C3 is members-only.
 */
async function buildSite(api: Awaited<ReturnType<typeof signIn>>, name: string, settings: Record<string, unknown>): Promise<string> {
  const site = await api.createSite({ name, numberHorizontal: 3, numberVertical: 3, defaultLanguage: 'jp', languages: ['jp', 'en', 'cn', 'kr'] });
  const pages = pageIds(site);
  const images = [await api.uploadImage(site.id, '#b91c1c'), await api.uploadImage(site.id, '#15803d'), await api.uploadImage(site.id, '#1d4ed8')];
  const withImage: Record<string, string> = { A1: images[0]!, A2: images[0]!, A3: images[0]!, B2: images[1]!, B3: images[1]!, C1: images[2]! };
  for (const [position, imageUrl] of Object.entries(withImage)) {
    const customPath = position === 'A2' ? { customPath: 'spring-sale' } : {};
    await api.writePage(site.id, pages[position]!, { detail: { imageUrl, mainText: `${position} のページ` }, ...customPath });
    // The editor sends the whole page in every language; only its texts become the translation.
    await api.writePage(site.id, pages[position]!, { detail: { imageUrl, mainText: `Page ${position}` }, ...customPath }, 'en');
  }
  await api.writePage(site.id, pages.C3!, { membersOnlyLock: true, detail: { imageUrl: images[2], mainText: 'members only' } });
  await api.updateSite(site.id, { seo: { title: `${name} top`, description: 'A site of every address form' }, ...settings });
  await api.publish(site.id);
  return site.id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-'));
  // The custom domain's zone, as its owner set it up: checked through this DNS server.
  const zone: Zone = new Map();
  dns = await startLocalDnsServer(zone);
  const env = { DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', ADMIN_EMAIL: 'operator@example.com' };
  server = await startServer(loadConfig({ ...env, DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: 'sites.example.test' }), () => {});
  const api = await signIn(server, 'operator@example.com', PASSWORD);
  siteId = await buildSite(api, 'Addresses', { viewMode: 'PC' });
  domainSiteId = await buildSite(api, 'Domain', { customDomain: DOMAIN, swipeRedirection: false, autoAttachUrlParam: false });
  const { domain } = await api.call<{ domain: DomainView }>('GET', `/api/site/${domainSiteId}/domain`);
  zone.set(DOMAIN, { CNAME: ['sites.example.test'] });
  zone.set(`_swipegrid.${DOMAIN}`, { TXT: [domain.records[0]!.value] });
  expect((await api.call<DomainView>('POST', `/api/site/${domainSiteId}/domain/check`)).state).toBe('connected');
  // Connected, the published site moves to its domain (this publish waits behind that one).
  await api.publish(domainSiteId);
  const { settings } = await api.call<SiteView>('GET', `/api/site/${siteId}`);
  siteOrigin = handleOrigin(server.siteUrl, 'localhost', settings.handle!);
  // The custom domain resolves to this machine, as its DNS would send it to the server.
  browser = await launchBrowser([`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`]);
  phone = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
});

afterAll(async () => {
  await phone?.close();
  await browser?.close();
  await server?.close();
  await dns?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function open(page: Page, address: string) {
  const response = await page.goto(address);
  await waitForHydration(page);
  return response!;
}

describe('every address form of spec §2', () => {
  it('opens the page and language each path names', async () => {
    const page = await phone.newPage();
    const base = `${siteOrigin}`;
    const cases: [string, string, string][] = [
      ['/', 'A1', 'ja'],
      ['/A2', 'A2', 'ja'],
      ['/a1', 'A1', 'ja'],
      ['/en/A1', 'A1', 'en'],
      ['/spring-sale', 'A2', 'ja'],
      ['/JP/a3', 'A3', 'ja'],
      ['/ja/B2', 'B2', 'ja'],
      ['/EN/B2', 'B2', 'en'],
      ['/en/spring-sale', 'A2', 'en'],
      ['/cn/C1', 'C1', 'zh'],
      ['/KR/', 'A1', 'ko'],
      ['/kr/c3', 'C3', 'ko'],
    ];
    for (const [suffix, position, lang] of cases) {
      const response = await open(page, base + suffix);
      expect(response.status(), suffix).toBe(200);
      expect(await visiblePosition(page), suffix).toBe(position);
      expect(await page.evaluate(() => document.documentElement.lang), suffix).toBe(lang);
    }
    expect((await page.goto(`${base}/Z9`))!.status()).toBe(404);
    expect(await page.locator('h1').first().textContent()).toBeTruthy();
    await page.close();
  });

  it('puts the SEO tags in the static HTML, before any script runs', async () => {
    const page = await phone.newPage();
    // The spec's address on the shared host leads to the site's own origin, query kept.
    await open(page, `${server.siteUrl}/sites/${siteId}/en/B2?from=spec`);
    expect(page.url()).toBe(`${siteOrigin}/en/B2?from=spec`);
    const response = await open(page, `${siteOrigin}/en/B2`);
    const html = await response.text();
    expect(html).toContain('<title>Addresses top</title>');
    expect(html).toContain(`<link rel="canonical" href="${siteOrigin}/en/B2">`);
    expect(html).toContain(`<link rel="alternate" hreflang="ko" href="${siteOrigin}/kr/B2">`);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/media\/[0-9a-f]{64}\/\d+\.jpg">/);
    await page.close();
  });

  it('serves a custom domain without the site segment, and sends the shared address there', async () => {
    const page = await phone.newPage();
    const port = new URL(server.siteUrl).port;
    await open(page, `http://${DOMAIN}:${port}/en/B2`);
    expect(await visiblePosition(page)).toBe('B2');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`http://${DOMAIN}:${port}/en/B2`);

    await open(page, `${server.siteUrl}/sites/${domainSiteId}/kr/B3`);
    expect(page.url()).toBe(`http://${DOMAIN}:${port}/kr/B3`);
    expect(await visiblePosition(page)).toBe('B3');
    await page.close();
  });
});

describe('moving through the grid', () => {
  it('replaces the address as the visitor moves, keeping the query when autoAttachUrlParam is on', async () => {
    const page = await phone.newPage();
    const base = '';
    await open(page, `${siteOrigin}${base}/?utm_source=news`);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => path(page)).toBe(`${base}/spring-sale?utm_source=news`);
    expect(await visiblePosition(page)).toBe('A2');
    await page.waitForTimeout(600);
    // swipeRedirection on: column B's first page with an image is B2.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => path(page)).toBe(`${base}/B2?utm_source=news`);
    const cookies = await phone.cookies(siteOrigin);
    expect(cookies.find((cookie) => cookie.name === 'position_tab')?.value).toBe('B2');
    await page.close();
  });

  it('drops the query from the address when autoAttachUrlParam is off', async () => {
    const page = await phone.newPage();
    const port = new URL(server.siteUrl).port;
    await open(page, `http://${DOMAIN}:${port}/A2?utm_source=news`);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => path(page)).toBe('/');
    await page.close();
  });

  it('lands on the first page with an image when swipeRedirection is on', async () => {
    const page = await phone.newPage();
    await open(page, `${siteOrigin}/`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => visiblePosition(page)).toBe('B2');
    await page.close();
  });

  it('keeps the row when swipeRedirection is off, and is blocked where that row has no image', async () => {
    const page = await phone.newPage();
    const port = new URL(server.siteUrl).port;
    await open(page, `http://${DOMAIN}:${port}/`);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(700);
    expect(await visiblePosition(page)).toBe('A1');
    expect(path(page)).toBe('/');
    await open(page, `http://${DOMAIN}:${port}/A3`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => visiblePosition(page)).toBe('B3');
    await page.close();
  });

  it('blocks a swipe onto a page with no image and no lock, and lets one onto a locked page', async () => {
    const page = await phone.newPage();
    const cdp = await phone.newCDPSession(page);
    await open(page, `${siteOrigin}/C1`);
    await swipe(page, cdp, { x: 190, y: 600 }, { x: 195, y: 250 });
    await page.waitForTimeout(700);
    expect(await visiblePosition(page)).toBe('C1');
    expect(path(page)).toBe('/C1');

    await open(page, `${siteOrigin}/B3`);
    await swipe(page, cdp, { x: 300, y: 400 }, { x: 60, y: 410 });
    await expect.poll(() => visiblePosition(page)).toBe('C1'); // redirection: C's first landable page
    await page.close();
  });

  it('moves with the arrow keys in every direction, one move per 500 ms', async () => {
    const page = await phone.newPage();
    await open(page, `${siteOrigin}/A1`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // inside the throttle window: ignored
    await expect.poll(() => visiblePosition(page)).toBe('A2');
    await page.waitForTimeout(600);
    expect(await visiblePosition(page)).toBe('A2');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => visiblePosition(page)).toBe('A3');
    await page.waitForTimeout(600);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => visiblePosition(page)).toBe('A2');
    await page.waitForTimeout(600);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => visiblePosition(page)).toBe('B2');
    await page.waitForTimeout(600);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => visiblePosition(page)).toBe('A1');
    await page.close();
  });

  it('moves with the wheel and the keyboard in PC view on a wide screen', async () => {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await desktop.newPage();
    await open(page, `${siteOrigin}/`);
    expect(await page.locator('.sg-viewer').evaluate((element) => element.getBoundingClientRect().width)).toBe(1280);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => visiblePosition(page)).toBe('A2');
    await page.waitForTimeout(600);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => visiblePosition(page)).toBe('B2');
    await desktop.close();
  });
});

describe('switching language', () => {
  it('reloads at the same page in the new language and remembers the choice in a cookie and local storage', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await open(page, `${siteOrigin}/B2?ref=ad`);
    const before = Date.now() / 1000;
    await Promise.all([page.waitForURL('**/en/B2?ref=ad'), page.locator('.sg-language').selectOption('en')]);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await visiblePosition(page)).toBe('B2');
    const lang = (await context.cookies(siteOrigin)).find((cookie) => cookie.name === 'lang');
    expect(lang?.value).toBe('en');
    expect(lang!.expires - before).toBeGreaterThan(LANG_COOKIE_MAX_AGE_S - 60);
    expect(lang!.expires - before).toBeLessThan(LANG_COOKIE_MAX_AGE_S + 60);
    expect(await page.evaluate(() => [localStorage.getItem('selectedLanguage'), localStorage.getItem('user_lang')])).toEqual(['en', 'en']);
    await context.close();
  });
});
