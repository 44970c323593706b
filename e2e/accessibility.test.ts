import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { audioBytes } from '../api/test-support.ts';
import { SNS_TYPES } from '../model/sns.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { launchBrowser, PHONE_USER_AGENT, waitForHydration } from './browser.ts';
import { pageIds, sendVisitorEvents, signIn, visitorUrl, waitForRollup } from './site-api.ts';

// WCAG 2.2 AA as axe-core checks it (docs/decisions.md): every console screen, as the roles that
// see it, and a published site whose pages hold every element a visitor meets, with their dialogs
// open. One server and one browser for the whole file; each screen is its own test so a failure
// names the screen and, through describeViolations, each failing element and why.

const OPERATOR = { email: 'owner@example.com', password: 'Operator-pass1!' };
const CUSTOMER = { email: 'customer@example.com', first: 'First#Pass1' };
const SHOTS = 'test-results/screenshots';
const DAY = 24 * 60 * 60 * 1000;

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let operatorContext: BrowserContext;
let phone: BrowserContext;
let prefix = '';
let siteId = '';
/** A site just created: no media, no items, nothing published. */
let emptySiteId = '';
let customerId = '';
let surveyId = '';
let notificationId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-a11y-'));
  await mkdir(SHOTS, { recursive: true });
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'false' }), () => {});
  const owner = await signIn(server, OPERATOR.email, OPERATOR.password);
  const { user } = await owner.call<{ user: { id: string } }>(
    'POST',
    '/api/master/user',
    { companyName: 'Customer Inc', email: CUSTOMER.email, accountType: 'USER', planId: 'standard', password: CUSTOMER.first },
    201,
  );
  customerId = user.id;

  const site = await owner.createSite({ name: 'Every element', numberHorizontal: 2, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  siteId = site.id;
  emptySiteId = (await owner.createSite({ name: 'Nothing yet', numberHorizontal: 1, numberVertical: 1 })).id;
  const pages = pageIds(site);
  const [a1, a2, b1, b2] = await Promise.all(['#335577', '#775533', '#557733', '#2266aa'].map((colour, i) => owner.uploadImage(siteId, colour, `${i}.jpg`)));
  const music = await owner.uploadAudio(siteId, await audioBytes('mp3'), 'theme.mp3');
  const now = Date.now();
  await owner.updateSite(
    siteId,
    {
      displayAlbum: true,
      speakerColor: '#FF0000',
      sns: SNS_TYPES.map((snsType) => ({ snsType, snsUrl: snsType === 'phone_number' ? '+81 3-1234-5678' : `https://${snsType}.example/` })),
      company: { companyProfile: '株式会社スワイプ', companyClause: '販売業者', termsOfService: '第1条', privacyPolicy: '個人情報', companyWebsite: 'https://company.example/' },
      popupCtas: {
        timeLimit: {
          id: 'time1',
          startDate: new Date(now - DAY).toISOString(),
          endDate: new Date(now + 4 * DAY).toISOString(),
          effectivePages: [1],
          showRemainingTime: true,
          transition: { transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'A2' },
        },
      },
    },
    'jp',
  );
  const text = (fields: Record<string, unknown>) => ({ buttonType: 'text', buttonLinkType: 'external', linkDestinationUrl: 'https://example.com/', buttonWidth: 160, buttonHeight: 40, ...fields });
  await owner.writePage(siteId, pages.A1!, {
    detail: { imageUrl: a1, mainText: '春の新作', price: '¥1,980', linkButtonText: '公式サイト', linkDestinationUrl: 'https://example.com/', speakerX: 300, speakerY: 120 },
    backgroundMusic: music,
    buttons: [
      text({ id: 'text', buttonText: 'Text button', buttonPositionLeft: 10, buttonPositionTop: 300, microcopyText: '今だけ', buttonAnimation: 'PULSE', buttonShape: 'pill' }),
      { id: 'media', buttonType: 'media', buttonImageUrl: b1, buttonLinkType: 'page', linkDestinationUrl: '2', buttonPositionLeft: 200, buttonPositionTop: 220, buttonWidth: 120, buttonHeight: 40 },
      {
        id: 'html',
        buttonType: 'html',
        buttonContentHtml: '<span>Owner <b>HTML</b></span>',
        buttonLinkType: 'external',
        linkDestinationUrl: 'https://example.com/',
        buttonPositionLeft: 200,
        buttonPositionTop: 330,
        buttonWidth: 150,
        buttonHeight: 40,
      },
    ],
    links: [{ id: 'hotspot', linkType: 'external', linkDestinationUrl: 'https://example.com/', positionLeft: 300, positionTop: 600 }],
    products: [
      {
        id: 'product',
        productName: 'スニーカー',
        description: '軽くて丈夫',
        price: '¥9,800',
        imagePath: b2,
        linkButtonText: '購入する',
        linkButtonUrl: 'https://example.com/',
        coordinateX: 65,
        coordinateY: 260,
      },
    ],
    snsConfig: { display: true, sns: [] },
    showCompany: true,
  });
  // A page without calls to action shows the category menu; a members-only page shows its lock.
  await owner.writePage(siteId, pages.A2!, { detail: { imageUrl: a2 } });
  await owner.writePage(siteId, pages.B1!, { detail: { imageUrl: b1 }, membersOnlyLock: true });
  const survey = await owner.call<{ id: string }>(
    'POST',
    `/api/site/${siteId}/survey`,
    {
      title: 'Your taste',
      questions: [
        {
          id: 'q1',
          title: 'Tea or coffee?',
          type: 'SINGLE',
          options: [
            { id: 'o1', value: 'Tea', points: 1 },
            { id: 'o2', value: 'Coffee', points: 2 },
          ],
        },
        { id: 'q2', title: 'Why?', type: 'TEXT', isRequired: false },
      ],
    },
    201,
  );
  surveyId = survey.id;
  const notification = await owner.call<{ id: string }>(
    'POST',
    `/api/site/${siteId}/notification-delivery`,
    { title: 'Spring sale', content: 'Every cake half price.', linkUrl: 'https://example.com/', publicationMode: 'INSTANT', status: 'PUBLISHED' },
    201,
  );
  notificationId = notification.id;
  await owner.publish(siteId);
  // Visits for the analytics screen to show: its cards, chart and tables with figures in them.
  const visit = [
    { type: 'landing', cell: 'A1' },
    { type: 'slide_page', cell: 'A1', to: 'A2', direction: 'down' },
    { type: 'click_cta_btn', cell: 'A2' },
    { type: 'exit', cell: 'A2', direction: 'leave' },
  ];
  for (let i = 0; i < 3; i++) await sendVisitorEvents(server, siteId, visit, PHONE_USER_AGENT);
  await waitForRollup(async () => (await owner.call<{ kpis: { users: { value: number } } }>('GET', `/api/analysis/site/${siteId}/lp`)).kpis.users.value === 3);

  browser = await launchBrowser();
  operatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const login = await operatorContext.request.post(`${server.adminUrl}/api/auth/login`, { data: OPERATOR });
  expect(login.status()).toBe(200);
  prefix = ((await (await operatorContext.request.get(`${server.adminUrl}/api/auth/user-info`)).json()) as { account: { routePrefix: string } }).account.routePrefix;
  await operatorContext.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  phone = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true, bypassCSP: true });
}, 120_000);

afterAll(async () => {
  await phone?.close();
  await operatorContext?.close();
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Fails with every serious or critical violation on the page as it is now, each element named. */
async function expectAccessible(page: Page, where: string, exclude: string[] = []): Promise<void> {
  const violations = await axeViolations(page, { exclude });
  expect(violations, describeViolations(where, violations)).toEqual([]);
}

/** A console screen, opened signed in as the operator, once its heading is shown. */
async function consoleScreen(path: string): Promise<Page> {
  const page = await operatorContext.newPage();
  await page.goto(`${server.adminUrl}${path.replace('{prefix}', prefix)}`);
  await page.locator('main h1, main h2').first().waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/a11y-${name}.png` });

describe('the console meets WCAG 2.2 AA', () => {
  const screens: [string, string][] = [
    ['site list', '/{prefix}/site-list'],
    ['create site', '/{prefix}/create-site'],
    ['user list', '/{prefix}/user-list'],
    ['create user', '/{prefix}/create-user'],
    ['admin list', '/{prefix}/admin-list'],
    ['plan management', '/{prefix}/plan-management'],
    ['survey list', '/{prefix}/survey/{site}'],
    ['survey create', '/{prefix}/survey/{site}/create'],
    ['survey edit', '/{prefix}/survey/{site}/edit/{survey}'],
    ['survey results', '/{prefix}/survey/{site}/detail/{survey}'],
    ['notification list', '/{prefix}/notification-delivery/{site}'],
    ['notification create', '/{prefix}/notification-delivery/{site}/create'],
    ['notification edit', '/{prefix}/notification-delivery/{site}/edit/{notification}'],
    ['notification detail', '/{prefix}/notification-delivery/{site}/detail/{notification}'],
    ['members', '/{prefix}/site-member/{site}'],
    ['contacts', '/{prefix}/site-contact/{site}'],
    ['form entries', '/{prefix}/site-form/{site}'],
    ['swipe analytics', '/{prefix}/analytics/{site}'],
    ['swipe analytics pages', '/{prefix}/analytics/{site}?section=pages'],
    ['analytics across the account’s sites', '/{prefix}/analytics'],
    ['summary dashboard', '/{prefix}/summary'],
    ['preview', '/site/{site}/preview'],
    ['account', '/{prefix}/account'],
    ['error 404', '/no-such-screen'],
    ['error 504', '/errors/504'],
  ];
  for (const [name, path] of screens) {
    it(`has no serious or critical violation on the ${name}`, async () => {
      const page = await consoleScreen(path.replace('{site}', siteId).replace('{survey}', surveyId).replace('{notification}', notificationId));
      await expectAccessible(page, name);
      await page.close();
    });
  }

  it('has none on the user detail', async () => {
    const page = await consoleScreen(`/{prefix}/user/${customerId}`);
    await expectAccessible(page, 'user detail');
    await page.close();
  });

  it('has none on the site list, whose pills and buttons hold their contrast', async () => {
    const page = await consoleScreen('/{prefix}/site-list');
    await shot(page, 'site-list');
    await expectAccessible(page, 'site list');
    await page.close();
  });

  it('has none in any site section of the editor, open beside the canvas, nor in its dialogs', async () => {
    const page = await consoleScreen(`/{prefix}/site/${siteId}`);
    const sections = page.getByRole('navigation', { name: 'Site editor' }).locator('.rail-sections button');
    const count = await sections.count();
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) {
      const opener = sections.nth(i);
      const name = (await opener.textContent()) ?? String(i);
      await opener.click();
      const panel = page.getByRole('region', { name, exact: true });
      await panel.waitFor();
      await expect.poll(() => panel.locator('.loading').count()).toBe(0);
      // The canvas stays beside the section.
      expect(await page.getByTestId('placement-stage').isVisible()).toBe(true);
      const subTabs = panel.locator('.tab-list.sub > [role="tab"]');
      const subCount = await subTabs.count();
      if (subCount === 0) await expectAccessible(page, `editor: ${name}`);
      for (let j = 0; j < subCount; j++) {
        const sub = subTabs.nth(j);
        await sub.click();
        await expectAccessible(page, `editor: ${name} › ${await sub.textContent()}`);
      }
      if (i === 0) await shot(page, 'editor-settings');
    }

    // Publishing's dialogs (its section the last opened): unpublish asks to confirm, delete asks for the site's name.
    await page.getByRole('region', { name: 'Publishing and versions' }).waitFor();
    await shot(page, 'editor-publish');
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectAccessible(page, 'editor: unpublish dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete site' }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectAccessible(page, 'editor: delete dialog');
    await shot(page, 'editor-delete-dialog');
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('has none on the page editor: an empty site, a busy page, an element selected, the publish report', async () => {
    const empty = await consoleScreen(`/{prefix}/site/${emptySiteId}`);
    await empty.getByTestId('placement-stage').waitFor();
    await expectAccessible(empty, 'page editor, empty site');
    await shot(empty, 'page-editor-empty');
    await empty.close();

    const page = await consoleScreen(`/{prefix}/site/${siteId}`);
    const element = page.locator('[data-item^="button-"]').first();
    await element.waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'page editor');
    await element.click();
    await page.locator('form.page-editor').getByTestId('button-0').waitFor();
    await expectAccessible(page, 'page editor, element selected');
    await shot(page, 'page-editor');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByTestId('publish-result').waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'page editor, publish report');
    await page.close();
  });

  it('has none on the error screen of a screen that throws, nor on the chunk-load screen', async () => {
    const page = await operatorContext.newPage();
    // A malformed answer (a row that is not a site) makes the site list throw while rendering.
    await page.route('**/api/site', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ sites: [null] }) }));
    await page.goto(`${server.adminUrl}/${prefix}/site-list`);
    await page.getByTestId('screen-error').waitFor();
    await expectAccessible(page, 'screen error');
    await page.unroute('**/api/site');
    await page.goto(`${server.adminUrl}/${prefix}/user-list`);
    await page.locator('main h1').waitFor();
    await page.route(/\/_astro\/SiteList\.[^/]*\.js$/, (route) => route.abort('connectionreset'));
    await page.getByRole('link', { name: 'Sites' }).first().click();
    await page.getByTestId('chunk-error').waitFor();
    await expectAccessible(page, 'chunk-load error');
    await page.close();
  });

  it('has none on the CSV import dialog with its report of failing rows', async () => {
    const page = await consoleScreen('/{prefix}/user-list');
    await page.locator('main .row button.secondary').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from('companyName,email\nNo mail,not-an-email\n') });
    await dialog.locator('.row button:not(.secondary)').click();
    await dialog.locator('table tbody tr').first().waitFor();
    await expectAccessible(page, 'user CSV import dialog');
    await page.close();
  });

  it('has none with the header’s account menu open, nor in the profile picture dialog', async () => {
    const page = await consoleScreen('/{prefix}/site-list');
    await page.locator('.account-button').click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'account menu');
    await page.keyboard.press('Escape');
    await page.goto(`${server.adminUrl}/${prefix}/account`);
    await page.locator('main h2').first().waitFor();
    await page.locator('main .row button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByRole('alert').waitFor();
    await expectAccessible(page, 'profile picture dialog with its refusal');
    await page.close();
  });

  it('has none on a console branded in a light main colour, on the OEM master’s branding form', async () => {
    const oem = { email: 'oem.a11y@example.com', first: 'First#Pass1', password: 'Oem#A11y-pass1' };
    const operator = await signIn(server, OPERATOR.email, OPERATOR.password);
    await operator.call('POST', '/api/master/user', { companyName: 'Light OEM', email: oem.email, accountType: 'OEM_MASTER', planId: 'oem', password: oem.first }, 201);
    const first = await signIn(server, oem.email, oem.first);
    await first.call('POST', '/api/auth/change-password', { currentPassword: oem.first, password: oem.password, confirmPassword: oem.password });
    const owner = await signIn(server, oem.email, oem.password);
    // Black on yellow holds 4.5:1; yellow links on white would not, so the console draws them black.
    await owner.call('PUT', '/api/oem-master/branding', { mainColor: '#FFD400', textColor: '#000000' });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    await context.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
    expect((await context.request.post(`${server.adminUrl}/api/auth/login`, { data: { email: oem.email, password: oem.password } })).status()).toBe(200);
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/admin/account`);
    await page.locator('.branding-preview').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('header.bar').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 212, 0)');
    await expectAccessible(page, 'branded account screen');
    await shot(page, 'branded-account');
    await context.close();
  });

  it('shows focus: a focused button has a visible outline', async () => {
    const page = await consoleScreen('/{prefix}/site-list');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      const style = getComputedStyle(focused);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline).not.toBeNull();
    expect(outline!.style).not.toBe('none');
    expect(outline!.width).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});

describe('the console’s public screens meet WCAG 2.2 AA', () => {
  const screens: [string, string][] = [
    ['login', '/login'],
    ['password reset', '/reset-pass'],
    ['new password', '/new-password?token=abc'],
    ['error 403', '/errors/403'],
  ];
  for (const [name, path] of screens) {
    it(`has no serious or critical violation on the ${name} screen`, async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${server.adminUrl}${path}`);
      await page.locator('h1').waitFor();
      await expectAccessible(page, name);
      if (name === 'login') await shot(page, 'login');
      await context.close();
    });
  }

  it('has none with the login form’s errors shown, on the first password change, nor on a customer’s own site list and create screen', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    await context.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.field-error').first().waitFor();
    await expectAccessible(page, 'login with errors');
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password').fill(CUSTOMER.first);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/first-time-change-password');
    await page.locator('h1').waitFor();
    await expectAccessible(page, 'first password change');
    // The customer's own console: a site list without the managers' screens.
    await page.getByLabel('Current password').fill(CUSTOMER.first);
    await page.getByLabel('New password').fill('Own#Password2');
    await page.getByLabel('Confirm password').fill('Own#Password2');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.waitForURL('**/site-list');
    await page.locator('main h1').waitFor();
    await expectAccessible(page, 'site list as a customer');
    await page.goto(`${server.adminUrl}${new URL(page.url()).pathname.replace('site-list', 'create-site')}`);
    await page.locator('main h1').waitFor();
    await expectAccessible(page, 'create site as a customer');
    await context.close();
  });
});

describe('a published site with every element meets WCAG 2.2 AA', () => {
  async function visit(path = ''): Promise<Page> {
    const page = await phone.newPage();
    await page.goto(visitorUrl(server, siteId, path));
    await waitForHydration(page);
    return page;
  }
  // The owner's HTML button is the owner's markup, not the product's.
  const OWNER_HTML: string[] = [];

  it('has none on a page with buttons, link area, product, album, speaker, SNS, company, language, banner and popup', async () => {
    const page = await visit();
    await page.locator('.sg-popup-cta').waitFor();
    await page.locator('.sg-news').first().waitFor();
    await expectAccessible(page, 'viewer A1', OWNER_HTML);
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'viewer-a1');
    await page.setViewportSize({ width: 375, height: 739 });
    await page.close();
  });

  it('has none with the product popup, the album, the company information and the notification open', async () => {
    const page = await visit();
    // A new visit opens the popup CTA over the page, as a backdrop: the visitor closes it before tapping what it covers.
    await page.locator('.sg-popup-cta').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.sg-popup-cta').waitFor({ state: 'detached' });
    await page.locator('.sg-page[data-position="A1"] [data-product-id="product"]').click();
    await page.locator('.sg-product-popup').waitFor();
    await expectAccessible(page, 'viewer product popup', OWNER_HTML);
    await page.keyboard.press('Escape');
    await page.locator('.sg-product-popup').waitFor({ state: 'detached' });
    await page.locator('.sg-album-button').first().click();
    await page.locator('.sg-album').waitFor();
    await expectAccessible(page, 'viewer album', OWNER_HTML);
    await page.keyboard.press('Escape');
    await page.locator('.sg-album').waitFor({ state: 'detached' });
    await page.locator('.sg-page[data-position="A1"] .sg-company-tab').first().click();
    await page.locator('.sg-company-modal').waitFor();
    await expectAccessible(page, 'viewer company information', OWNER_HTML);
    await page.keyboard.press('Escape');
    await page.locator('.sg-company-modal').waitFor({ state: 'detached' });
    await page.locator('.sg-news-title').click();
    await page.locator('.sg-news-dialog').waitFor();
    await expectAccessible(page, 'viewer notification', OWNER_HTML);
    await page.close();
  });

  it('has none on the page with the category menu, nor on the members-only page', async () => {
    const menu = await visit('A2');
    await menu.locator('.sg-menu').waitFor();
    await shot(menu, 'viewer-menu');
    await expectAccessible(menu, 'viewer menu page');
    await menu.close();
    const locked = await visit('B1');
    await expectAccessible(locked, 'viewer members-only page');
    await locked.close();
  });

  it('shows focus on the page: the focused control has a visible ring', async () => {
    const page = await visit();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      const style = getComputedStyle(focused);
      return { outline: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), shadow: style.boxShadow };
    });
    expect(ring).not.toBeNull();
    expect(ring!.outline).toBe('solid');
    expect(ring!.width).toBeGreaterThanOrEqual(2);
    expect(ring!.shadow).not.toBe('none');
    await page.close();
  });

  it('has none on a page that does not exist', async () => {
    const page = await phone.newPage();
    await page.goto(visitorUrl(server, siteId, 'Z9'));
    await page.locator('.sg-not-found').waitFor();
    await expectAccessible(page, 'viewer not found');
    await page.close();
  });

  it('has none on the survey, contact, registration, login and password screens', async () => {
    for (const [path, search] of [
      ['survey', `?survey_id=${surveyId}`],
      ['contact', ''],
      ['register', ''],
      ['login', ''],
      ['reset-password', ''],
      ['new-password', '#token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ] as const) {
      const page = await phone.newPage();
      await page.goto(visitorUrl(server, siteId, path, search));
      await waitForHydration(page);
      await expectAccessible(page, `viewer ${path}`);
      await page.close();
    }
  });
});
