import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser } from './browser.ts';
import { signIn } from './site-api.ts';

const OPERATOR_PASSWORD = 'Operator-pass1!';
const CUSTOMER = 'unsaved@example.com';
const PASSWORD = 'Unsaved#Owner1';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let siteId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-unsaved-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  const operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
  await operator.call('POST', '/api/master/user', { companyName: 'Unsaved Inc', email: CUSTOMER, accountType: 'USER', planId: 'standard', password: 'First#Pass1' }, 201);
  const first = await signIn(server, CUSTOMER, 'First#Pass1');
  await first.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password: PASSWORD, confirmPassword: PASSWORD });
  const customer = await signIn(server, CUSTOMER, PASSWORD);
  siteId = (await customer.createSite({ name: 'Two tabs', numberHorizontal: 1, numberVertical: 2 })).id;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A signed-in console in English on the page editor of the site, in a browser context of its own or a new tab of one. */
async function openPageEditor(context: BrowserContext, signedIn: boolean): Promise<Page> {
  const page = await context.newPage();
  if (!signedIn) {
    await page.goto(`${server.adminUrl}/login`);
    await page.getByLabel('言語').selectOption('en');
    await page.getByLabel('Email').fill(CUSTOMER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin-user/site-list');
  }
  await page.goto(`${server.adminUrl}/admin-user/site/${siteId}`);
  await page.getByRole('tab', { name: 'Creative detail' }).click();
  await page.locator('form.page-editor').waitFor();
  return page;
}

const mainText = (page: Page) => page.locator('form.page-editor').getByLabel('Main text', { exact: true });
/** A page's cell in the page editor's grid navigator. */
const gridCell = (page: Page, position: string) => page.getByRole('tabpanel').getByRole('group', { name: 'Pages' }).getByRole('button', { name: position, exact: true });
const saveButton = (page: Page) => page.locator('form.page-editor').getByRole('button', { name: 'Save the page' });

describe('the page editor never loses typed work', () => {
  it('asks before a page switch drops unsaved text, keeps it when the owner stays, and the saved text survives a switch and a reload', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await openPageEditor(context, false);
    await mainText(page).fill('Typed, not saved');

    // Switching to A2 would drop the text: the owner is asked, and staying keeps it on A1.
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
    await gridCell(page, 'A2').click();
    expect(await asked).toBe('This page has unsaved changes. Leave without saving them?');
    expect(await page.locator('form.page-editor').getAttribute('aria-label')).toContain('A1');
    expect(await gridCell(page, 'A1').getAttribute('aria-current')).toBe('page');
    expect(await mainText(page).inputValue()).toBe('Typed, not saved');

    // Saved, the switch asks nothing, and the text is there on return and after a reload.
    await saveButton(page).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Saved.');
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await gridCell(page, 'A2').click();
    await expect.poll(() => page.locator('form.page-editor').getAttribute('aria-label')).toContain('A2');
    await gridCell(page, 'A1').click();
    await expect.poll(() => mainText(page).inputValue()).toBe('Typed, not saved');
    await page.reload();
    await page.getByRole('tab', { name: 'Creative detail' }).click();
    await expect.poll(() => mainText(page).inputValue()).toBe('Typed, not saved');
    expect(dialogs).toBe(0);
    await context.close();
  });

  it('refuses a second tab’s save over what the first tab saved, says so, and reloads the latest version on request', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const first = await openPageEditor(context, false);
    const second = await openPageEditor(context, true);

    await mainText(first).fill('From the first tab');
    await saveButton(first).click();
    await expect.poll(() => first.getByTestId('toast').textContent()).toBe('Saved.');

    // The second tab opened the page before that save: its save is refused, and what it typed stays on screen.
    await mainText(second).fill('From the second tab');
    await saveButton(second).click();
    const stale = second.getByTestId('stale-save');
    await expect.poll(() => stale.count()).toBe(1);
    expect(await stale.getByRole('alert').or(stale).first().textContent()).toContain('This page was changed in another tab or by another admin after you opened it.');
    expect(await mainText(second).inputValue()).toBe('From the second tab');
    await second.screenshot({ path: 'test-results/screenshots/page-stale-save.png' });

    // The server kept the first tab's text.
    const answer = await second.request.get(`${server.adminUrl}/api/site/${siteId}?lang=jp`);
    const view = (await answer.json()) as { creatives: { pages: { position: string; detail: { mainText: string } }[] }[] };
    expect(view.creatives[0]?.pages.find((candidate) => candidate.position === 'A1')?.detail.mainText).toBe('From the first tab');

    // Reloading brings the first tab's text; the second tab's next save goes through.
    await stale.getByRole('button', { name: 'Reload the latest version' }).click();
    await expect.poll(() => mainText(second).inputValue()).toBe('From the first tab');
    expect(await stale.count()).toBe(0);
    await mainText(second).fill('The second tab, after a reload');
    await saveButton(second).click();
    await expect.poll(() => second.getByTestId('toast').textContent()).toBe('Saved.');
    await context.close();
  });

  it('moves through the grid navigator with the arrow keys like a swipe, and Enter opens the page', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPageEditor(context, false);
    const a1 = gridCell(page, 'A1');
    expect(await a1.getAttribute('aria-current')).toBe('page');
    // One stop in the tab order: only the current page's cell.
    expect(await page.getByRole('tabpanel').getByRole('group', { name: 'Pages' }).locator('button[tabindex="0"]').count()).toBe(1);
    await a1.focus();
    await page.keyboard.press('ArrowDown');
    expect(await gridCell(page, 'A2').evaluate((cell) => cell === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('form.page-editor').getAttribute('aria-label')).toContain('A2');
    expect(await gridCell(page, 'A2').getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: 'test-results/screenshots/page-grid-navigator.png' });
    await context.close();
  });
});
