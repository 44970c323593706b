import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { signIn, visitorUrl } from './site-api.ts';

// Surveys and visitor notifications made in the console and met by visitors on the published
// site. The server's clock is the test's (`clock`): the banner's window is decided by the
// server (GET /end-user/noti_delivery), so moving that clock is what exercises it; the viewer
// shows what it is sent and asks again after the delay the server gives (not by its own clock).

const PASSWORD = 'Operator-pass1!';
const SHOTS = 'test-results/screenshots';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let siteId = '';
let prefix = '';
/** The server's now; null is the real clock. */
let clock: Date | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-surveys-'));
  await mkdir(SHOTS, { recursive: true });
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false' }), () => {}, {
    clock: () => clock ?? new Date(),
  });
  const owner = await signIn(server, 'owner@example.com', PASSWORD);
  const site = await owner.createSite({ name: 'Tea house', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'en', languages: ['en'] });
  siteId = site.id;
  const image = await owner.uploadImage(siteId, '#2a6f97');
  await owner.writePage(siteId, site.creatives[0]!.pages[0]!.id, { detail: { imageUrl: image } }, 'en');
  await owner.publish(siteId);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  // The session cookie lands in the browser's context: the console opens signed in, in English.
  const login = await context.request.post(`${server.adminUrl}/api/auth/login`, { data: { email: 'owner@example.com', password: PASSWORD } });
  expect(login.status()).toBe(200);
  prefix = ((await (await context.request.get(`${server.adminUrl}/api/auth/user-info`)).json()) as { account: { routePrefix: string } }).account.routePrefix;
  await context.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A `datetime-local` value in the browser's zone (the machine's, shared with this process). */
function localInput(at: number): string {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

async function console_(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.adminUrl}/${prefix}${path}`);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

async function answerSurvey(surveyId: string, choice: string, why: string, email: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(visitorUrl(server, siteId, 'survey', `?survey_id=${encodeURIComponent(surveyId)}`));
  await waitForHydration(page);
  await page.getByLabel(choice, { exact: true }).check();
  await page.getByLabel('Why?').fill(why);
  await page.getByLabel('Milk').check();
  await page.locator('#sg-survey-email').fill(email);
  await page.locator('.sg-submit').click();
  await expect.poll(() => page.locator('.sg-sent').count(), { timeout: 10_000 }).toBe(1);
  await page.close();
}

describe('a survey made in the console', () => {
  it('is written with ordered questions and points, answered on the published site, and summed in the console with its CSV', { timeout: 180_000 }, async () => {
    const page = await console_(`/survey/${siteId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Surveys' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByText('No surveys yet.').count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'survey-list-empty');
    await page.getByRole('link', { name: 'Create a survey' }).click();
    await page.getByLabel('Title').fill('Your taste');

    const first = page.getByRole('listitem', { name: 'Question 1' });
    await first.getByLabel('Question text').fill('Tea or coffee?');
    await first.getByLabel('Option 1', { exact: true }).fill('Tea');
    await first.getByLabel('Points of option 1').fill('1');
    await first.getByLabel('Option 2', { exact: true }).fill('Coffee');
    await first.getByLabel('Points of option 2').fill('4');

    await page.getByRole('button', { name: 'Add a question' }).click();
    const second = page.getByRole('listitem', { name: 'Question 2' });
    await second.getByLabel('Question text').fill('Toppings');
    await second.getByLabel('Answer type').selectOption('MULTIPLE');
    await second.getByLabel('Answer required').uncheck();
    await second.getByLabel('Option 1', { exact: true }).fill('Milk');
    await second.getByLabel('Points of option 1').fill('2');
    await second.getByLabel('Option 2', { exact: true }).fill('Sugar');

    await page.getByRole('button', { name: 'Add a question' }).click();
    const third = page.getByRole('listitem', { name: 'Question 3' });
    await third.getByLabel('Question text').fill('Why?');
    await third.getByLabel('Answer type').selectOption('TEXT');
    // Moved up twice, the text question comes first.
    await page.getByRole('button', { name: 'Move question 3 up' }).click();
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    expect(await page.getByRole('listitem', { name: 'Question 1' }).getByLabel('Question text').inputValue()).toBe('Why?');

    // An option left empty is refused beside its field, and nothing typed is lost.
    await page.getByRole('listitem', { name: 'Question 3' }).getByRole('button', { name: 'Add an option' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('listitem', { name: 'Question 3' }).locator('.field-error').count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'survey-editor');
    await page.getByRole('button', { name: 'Remove option 3' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/detail\/[^/]+$/);
    const surveyId = page.url().split('/').at(-1)!;

    await answerSurvey(surveyId, 'Coffee', 'Strong and hot, "please"', 'ann@example.com');
    await answerSurvey(surveyId, 'Tea', 'お茶が好き', 'bo@example.com');
    await answerSurvey(surveyId, 'Coffee', 'Morning', 'cy@example.com');

    await page.reload();
    await expect.poll(() => page.getByText('3 responses').count(), { timeout: 10_000 }).toBe(1);
    const teaOrCoffee = page.locator('.survey-summary-question').filter({ hasText: 'Tea or coffee?' });
    expect(await teaOrCoffee.locator('tr', { hasText: 'Coffee' }).locator('.option-count').textContent()).toBe('2');
    expect(await teaOrCoffee.locator('tr', { hasText: 'Tea' }).locator('.option-count').textContent()).toBe('1');
    expect(await teaOrCoffee.textContent()).toContain('66.67%');
    // Points: coffee 4 + milk 2 twice, tea 1 + milk 2 once: (6 + 6 + 3) / 3.
    expect(await page.getByText('Average points: 5', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.locator('.survey-summary-question').first().textContent()).toContain('お茶が好き');
    await shot(page, 'survey-results');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(bytes.subarray(3).toString('utf8').trimEnd(), { newline: '\r\n' }).data;
    expect(rows[0]).toEqual(['Answered at', 'Email', 'Points', 'Why?', 'Tea or coffee?', 'Toppings']);
    expect(rows.slice(1).map((row) => row.slice(1))).toContainEqual(['bo@example.com', '3', 'お茶が好き', 'Tea', 'Milk']);
    expect(rows.slice(1).map((row) => row.slice(1))).toContainEqual(['ann@example.com', '6', 'Strong and hot, "please"', 'Coffee', 'Milk']);

    await page.getByRole('link', { name: 'Back to the list' }).click();
    await expect.poll(() => page.getByRole('rowheader', { name: 'Your taste' }).count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'survey-list');
    await page.close();
  });
});

describe('a notification scheduled in the console', () => {
  it('is refused with an end before its start, then shows in the site’s banner only inside its window', { timeout: 180_000 }, async () => {
    const start = Math.ceil((Date.now() + 2 * DAY) / MINUTE) * MINUTE;
    const end = start + DAY;
    const page = await console_(`/notification-delivery/${siteId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Notification delivery' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('link', { name: 'Create a notification' }).click();
    await page.getByLabel('Title').fill('Spring sale');
    await page.getByLabel('Content').fill('Every cake half price.');
    await page.getByLabel('Link').fill('https://example.com/sale');
    await page.getByLabel('Scheduled').check();
    await page.getByLabel('Start').fill(localInput(start));
    await page.getByLabel('End').fill(localInput(start - DAY));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Invalid date range.').count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'notification-create');
    await page.getByLabel('End').fill(localInput(end));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/detail\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Notification detail' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('[data-status]').getAttribute('data-status')).toBe('published');
    await shot(page, 'notification-detail');
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue(), { timeout: 10_000 }).toBe('Spring sale');
    expect(await page.getByLabel('Start').inputValue()).toBe(localInput(start));
    await shot(page, 'notification-edit');
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await expect.poll(() => page.getByRole('rowheader', { name: 'Spring sale' }).count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'notification-list');
    await page.close();

    const banner = async (at: number): Promise<string[]> => {
      clock = new Date(at);
      const visitor = await context.newPage();
      const answered = visitor.waitForResponse((response) => response.url().includes('/api/end-user/noti_delivery'));
      await visitor.goto(visitorUrl(server, siteId));
      await answered;
      await waitForHydration(visitor);
      await visitor.waitForTimeout(300);
      const titles = await visitor.locator('.sg-news-title').allTextContents();
      await visitor.close();
      return titles;
    };
    expect(await banner(start - MINUTE)).toEqual([]);

    // A page left open shows it as its window opens, without a reload: the server told the viewer
    // when to ask again (2 s by its clock), and by then its clock has passed the start.
    clock = new Date(start - 2000);
    const open = await context.newPage();
    const first = open.waitForResponse((response) => response.url().includes('/api/end-user/noti_delivery'));
    await open.goto(visitorUrl(server, siteId));
    await first;
    await waitForHydration(open);
    expect(await open.locator('.sg-news-title').count()).toBe(0);
    clock = new Date(start + 1000);
    await expect.poll(() => open.locator('.sg-news-title').allTextContents(), { timeout: 10_000 }).toEqual(['Spring sale']);
    await open.close();

    expect(await banner(start)).toEqual(['Spring sale']);
    expect(await banner(end)).toEqual(['Spring sale']);
    expect(await banner(end + MINUTE)).toEqual([]);
    clock = null;

    // Once its end has passed the list says expired.
    clock = new Date(end + MINUTE);
    const list = await console_(`/notification-delivery/${siteId}`);
    await expect
      .poll(
        () =>
          list
            .locator('[data-status]')
            .first()
            .getAttribute('data-status', { timeout: 1000 })
            .catch(() => null),
        { timeout: 15_000 },
      )
      .toBe('expired');
    await list.close();
    clock = null;
  });
});
