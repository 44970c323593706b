import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
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
  await page.locator('form.page-editor').waitFor();
  return page;
}

const inspector = (page: Page) => page.locator('form.page-editor');
const mainText = (page: Page) => inspector(page).getByLabel('Main text', { exact: true });
/** A page's cell in the editor rail's grid navigator. */
const gridCell = (page: Page, position: string) => page.getByRole('navigation', { name: 'Site editor' }).getByRole('group', { name: 'Pages' }).getByRole('button', { name: position, exact: true });
/** What the bar says about the page's draft: "Saved · just now", "Saving…", "Not saved: …". */
const saveState = (page: Page) => page.getByTestId('save-state').textContent();

describe('the page editor never loses typed work', () => {
  it('saves typed text by itself, keeps it across a page switch and a reload, and asks before a switch only when it cannot save', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await openPageEditor(context, false);
    expect(await saveState(page)).toBe('Saved');
    let dialogs = 0;
    const onDialog = (dialog: Dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    };
    page.on('dialog', onDialog);
    await mainText(page).fill('Typed, saved by itself');
    await expect.poll(() => saveState(page)).toBe('Saved · just now');

    // Typed and switched at once: the switch saves first, and asks nothing.
    await mainText(page).fill('Typed, then switched at once');
    await gridCell(page, 'A2').click();
    await expect.poll(() => inspector(page).getAttribute('aria-label')).toContain('A2');
    await gridCell(page, 'A1').click();
    await expect.poll(() => mainText(page).inputValue()).toBe('Typed, then switched at once');
    await page.reload();
    await expect.poll(() => mainText(page).inputValue()).toBe('Typed, then switched at once');
    expect(dialogs).toBe(0);
    page.off('dialog', onDialog);

    // Half typed, the page cannot save: the bar says why, and a switch asks; staying keeps what is typed.
    await inspector(page).getByLabel('Main text colour', { exact: true }).fill('#12');
    await expect.poll(() => saveState(page)).toBe('Not saved: fix the marked field');
    expect(await inspector(page).getByLabel('Main text colour', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
    await gridCell(page, 'A2').click();
    expect(await asked).toBe('This page has unsaved changes. Leave without saving them?');
    expect(await inspector(page).getAttribute('aria-label')).toContain('A1');
    expect(await gridCell(page, 'A1').getAttribute('aria-current')).toBe('page');
    expect(await inspector(page).getByLabel('Main text colour', { exact: true }).inputValue()).toBe('#12');
    await page.screenshot({ path: 'test-results/screenshots/page-not-saved.png' });
    await context.close();
  });

  it('refuses a second tab’s save over what the first tab saved, says so, stops saving, and reloads the latest version on request', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const first = await openPageEditor(context, false);
    const second = await openPageEditor(context, true);

    await mainText(first).fill('From the first tab');
    await expect.poll(() => saveState(first)).toBe('Saved · just now');

    // The second tab opened the page before that save: its save is refused, and what it typed stays on screen.
    await mainText(second).fill('From the second tab');
    const stale = second.getByTestId('stale-save');
    await expect.poll(() => stale.count()).toBe(1);
    const refusal = 'This page was changed in another tab or by another admin after you opened it.';
    expect(await stale.textContent()).toContain(refusal);
    expect(await saveState(second)).toContain(`Not saved: ${refusal}`);
    expect(await mainText(second).inputValue()).toBe('From the second tab');
    await second.screenshot({ path: 'test-results/screenshots/page-stale-save.png' });

    // Typing more does not try again over the first tab's text.
    await mainText(second).fill('From the second tab, still typing');
    await mainText(second).blur();
    const answer = await second.request.get(`${server.adminUrl}/api/site/${siteId}?lang=jp`);
    const view = (await answer.json()) as { creatives: { pages: { position: string; detail: { mainText: string } }[] }[] };
    expect(view.creatives[0]?.pages.find((candidate) => candidate.position === 'A1')?.detail.mainText).toBe('From the first tab');
    expect(await saveState(second)).toContain('Not saved:');

    // Reloading brings the first tab's text; the second tab's next edit saves itself.
    await stale.getByRole('button', { name: 'Reload the latest version' }).click();
    await expect.poll(() => mainText(second).inputValue()).toBe('From the first tab');
    expect(await stale.count()).toBe(0);
    await mainText(second).fill('The second tab, after a reload');
    await expect.poll(() => saveState(second)).toBe('Saved · just now');
    await context.close();
  });

  it('moves through the grid navigator with the arrow keys like a swipe, and Enter opens the page', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPageEditor(context, false);
    const a1 = gridCell(page, 'A1');
    expect(await a1.getAttribute('aria-current')).toBe('page');
    // One stop in the tab order: only the current page's cell.
    expect(await page.getByRole('navigation', { name: 'Site editor' }).getByRole('group', { name: 'Pages' }).locator('button[tabindex="0"]').count()).toBe(1);
    await a1.focus();
    await page.keyboard.press('ArrowDown');
    expect(await gridCell(page, 'A2').evaluate((cell) => cell === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => inspector(page).getAttribute('aria-label')).toContain('A2');
    expect(await gridCell(page, 'A2').getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: 'test-results/screenshots/page-grid-navigator.png' });
    await context.close();
  });

  it('picks every link target from a list of words, empties one that does not suit a new kind, and saves the choice', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await openPageEditor(context, false);
    await gridCell(page, 'A2').click();
    await expect.poll(() => inspector(page).getAttribute('aria-label')).toContain('A2');
    const form = inspector(page);
    // Added from the canvas toolbar, the new button is selected: the inspector shows its fields alone.
    await page.getByRole('button', { name: 'Add a button' }).click();
    const button = form.getByTestId('button-0');
    // The new button leads nowhere yet: autosave refuses it beside its field, the typed work kept.
    await expect.poll(() => button.getByText('Choose where this leads.').count()).toBe(1);
    await expect.poll(() => saveState(page)).toBe('Not saved: fix the marked field');
    expect(await button.getByLabel('Link URL').getAttribute('aria-invalid')).toBe('true');
    await button.getByLabel('Link URL').fill('https://example.com/tea');
    // A site screen: chosen by its name, never typed.
    await button.getByLabel('Link type').selectOption('internal');
    const screen = button.getByLabel('Screen', { exact: true });
    expect(await screen.evaluate((field) => field.tagName)).toBe('SELECT');
    expect(await screen.inputValue()).toBe('');
    expect(await screen.locator('option').allTextContents()).toEqual(['Choose…', 'Contact form', 'Custom form', 'Membership sign-up', 'Member registration', 'Member login', 'Survey']);
    await screen.selectOption({ label: 'Contact form' });
    // Enumerations read as words.
    expect(await button.getByLabel('Animation').locator('option:checked').textContent()).toBe('None');
    expect(await button.getByLabel('Animation').locator('option[value="PULSE_OUT"]').textContent()).toBe('Pulse out');
    await page.screenshot({ path: 'test-results/screenshots/page-link-pickers.png' });
    // A page of this category, by its place.
    await page.getByRole('button', { name: 'Add a link area' }).click();
    const area = form.getByTestId('link-0');
    await area.getByLabel('Link type').selectOption('page');
    await area.getByLabel('Page', { exact: true }).selectOption({ label: 'Page 1 of this category' });
    // A URL typed for one kind is emptied when the kind changes to one it does not suit, instead of a refused save.
    await page.getByRole('button', { name: 'Add a link area' }).click();
    const second = form.getByTestId('link-1');
    await second.getByLabel('Link URL').fill('https://example.com/left-behind');
    await second.getByLabel('Link type').selectOption('page');
    // The page's link button: a screen too, once it links inside the site; Escape brings the page's own fields back.
    await page.keyboard.press('Escape');
    await form.getByLabel('Link to a screen of this site').check();
    await form.locator('fieldset', { hasText: 'Link button' }).getByLabel('Screen', { exact: true }).selectOption({ label: 'Member login' });
    // The emptied page link is not saved as a link to nowhere: the bar says a field is marked, and the link area shows it beside its picker.
    await expect.poll(() => saveState(page)).toBe('Not saved: fix the marked field');
    await page
      .getByTestId('placement-stage')
      .getByRole('button', { name: /^Link areas 2 / })
      .click();
    await expect.poll(() => second.getByText('Choose where this leads.').count()).toBe(1);
    await second.getByLabel('Page', { exact: true }).selectOption({ label: 'Page 2 of this category' });
    await expect.poll(() => saveState(page)).toBe('Saved · just now');

    const answer = await page.request.get(`${server.adminUrl}/api/site/${siteId}?lang=jp`);
    type Saved = {
      position: string;
      detail: { isInternalLink: boolean; linkDestinationUrl: string };
      buttons: { buttonLinkType: string; linkDestinationUrl: string }[];
      links: { linkType: string; linkDestinationUrl: string }[];
    };
    const view = (await answer.json()) as { creatives: { pages: Saved[] }[] };
    const a2 = view.creatives[0]?.pages.find((candidate) => candidate.position === 'A2');
    expect(a2?.buttons.map(({ buttonLinkType, linkDestinationUrl }) => [buttonLinkType, linkDestinationUrl])).toEqual([['internal', 'contact']]);
    expect(a2?.links.map(({ linkType, linkDestinationUrl }) => [linkType, linkDestinationUrl])).toEqual([
      ['page', '1'],
      ['page', '2'],
    ]);
    expect([a2?.detail.isInternalLink, a2?.detail.linkDestinationUrl]).toEqual([true, 'login']);
    await context.close();
  });
});
