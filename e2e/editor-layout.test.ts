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
const CUSTOMER = 'layout@example.com';
const PASSWORD = 'Layout#Owner1';
const SHOTS = 'test-results/screenshots';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let siteId = '';
const ids = { buttons: ['b-first', 'b-second'], link: 'l-first', product: 'p-first' };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-layout-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  const operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
  await operator.call('POST', '/api/master/user', { companyName: 'Layout Inc', email: CUSTOMER, accountType: 'USER', planId: 'standard', password: 'First#Pass1' }, 201);
  const first = await signIn(server, CUSTOMER, 'First#Pass1');
  await first.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password: PASSWORD, confirmPassword: PASSWORD });
  const customer = await signIn(server, CUSTOMER, PASSWORD);
  const site = await customer.createSite({ name: 'Layout shop', numberHorizontal: 2, numberVertical: 2 });
  siteId = site.id;
  // A busy first page: two buttons, a link area and a product point, each where the canvas can be clicked on it.
  const button = (id: string, top: number) => ({
    id,
    buttonType: 'text',
    buttonText: id,
    buttonLinkType: 'external',
    linkDestinationUrl: 'https://example.com/',
    buttonPositionLeft: 40,
    buttonPositionTop: top,
    buttonWidth: 160,
    buttonHeight: 40,
  });
  await customer.writePage(siteId, site.creatives[0]!.pages[0]!.id, {
    detail: { mainText: 'Busy page' },
    buttons: [button(ids.buttons[0]!, 80), button(ids.buttons[1]!, 160)],
    links: [{ id: ids.link, linkType: 'external', linkDestinationUrl: 'https://example.com/area', positionLeft: 220, positionTop: 80, width: 100, height: 60 }],
    products: [{ id: ids.product, productName: 'Tea', coordinateX: 280, coordinateY: 300, order: 0 }],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The signed-in console in English on the site's editor. */
async function openEditor(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(CUSTOMER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin-user/site-list');
  await page.goto(`${server.adminUrl}/admin-user/site/${siteId}`);
  await page.locator('form.page-editor').waitFor();
  return page;
}

const inspector = (page: Page) => page.locator('form.page-editor');
const heading = (page: Page) => inspector(page).getByRole('heading', { level: 2 }).first().textContent();
const gridCell = (page: Page, position: string) => page.getByRole('navigation', { name: 'Site editor' }).getByRole('group', { name: 'Pages' }).getByRole('button', { name: position, exact: true });
const saveState = (page: Page) => page.getByTestId('save-state').textContent();
/** How many of each kind of item's fields the inspector shows. */
const shown = async (page: Page) => ({
  page: await inspector(page).getByLabel('Main text', { exact: true }).count(),
  buttons: await inspector(page).locator('[data-testid^="button-"]').count(),
  links: await inspector(page).locator('[data-testid^="link-"]').count(),
  products: await inspector(page).locator('[data-testid^="product-"]').count(),
});

describe('the site editor, canvas first', () => {
  it('shows only the selected item’s fields in the inspector, and the page again on Escape or a click on empty canvas', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await openEditor(context);
    // The canvas is at the phone's real width in the middle of a 1440 × 900 window.
    const stage = (await page.getByTestId('placement-stage').boundingBox())!;
    expect(Math.round(stage.width)).toBe(375);
    expect(Math.round(stage.height)).toBe(739);
    const rail = (await page.getByRole('navigation', { name: 'Site editor' }).boundingBox())!;
    const side = (await inspector(page).boundingBox())!;
    expect(rail.x + rail.width).toBeLessThan(stage.x);
    expect(stage.x + stage.width).toBeLessThan(side.x);

    // Nothing selected: the page's own fields.
    expect(await heading(page)).toBe('Page A1');
    expect(await shown(page)).toEqual({ page: 1, buttons: 0, links: 0, products: 0 });
    await page.screenshot({ path: `${SHOTS}/editor-layout-busy-page.png` });

    await page.locator(`[data-item="button-${ids.buttons[1]}"]`).click();
    expect(await heading(page)).toBe('Button 2');
    expect(await shown(page)).toEqual({ page: 0, buttons: 1, links: 0, products: 0 });
    expect(await inspector(page).getByTestId('button-1').getByLabel('Button text', { exact: true }).inputValue()).toBe(ids.buttons[1]);
    await page.screenshot({ path: `${SHOTS}/editor-layout-button-selected.png` });

    await page.locator(`[data-item="link-${ids.link}"]`).click();
    expect(await heading(page)).toBe('Link area 1');
    expect(await shown(page)).toEqual({ page: 0, buttons: 0, links: 1, products: 0 });

    await page.locator(`[data-item="product-${ids.product}"]`).click();
    expect(await heading(page)).toBe('Product 1');
    expect(await shown(page)).toEqual({ page: 0, buttons: 0, links: 0, products: 1 });

    // Escape goes back to the page, its heading taking the focus.
    await page.keyboard.press('Escape');
    expect(await heading(page)).toBe('Page A1');
    expect(
      await inspector(page)
        .getByRole('heading', { level: 2 })
        .first()
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);

    // The keyboard selects too: an item focused on the canvas is selected.
    await page.locator(`[data-item="button-${ids.buttons[0]}"]`).focus();
    expect(await heading(page)).toBe('Button 1');
    // A click on the canvas away from every item: the page again.
    await page.getByTestId('placement-stage').click({ position: { x: 20, y: 620 } });
    expect(await heading(page)).toBe('Page A1');

    // Adding from the toolbar selects the new item.
    await page.getByRole('button', { name: 'Add a product' }).click();
    expect(await heading(page)).toBe('Product 2');
    expect(await inspector(page).getByTestId('product-1').count()).toBe(1);
    // A site section takes the inspector's place, the canvas stays; picking an item on the canvas brings the inspector back.
    await page.getByRole('button', { name: 'Global menu' }).click();
    expect(await page.getByRole('region', { name: 'Global menu' }).isVisible()).toBe(true);
    expect(await inspector(page).isHidden()).toBe(true);
    expect(await page.getByTestId('placement-stage').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/editor-layout-section-open.png` });
    await page.locator(`[data-item="link-${ids.link}"]`).click();
    expect(await page.getByRole('region', { name: 'Global menu' }).isHidden()).toBe(true);
    expect(await heading(page)).toBe('Link area 1');

    // Delete on the focused item removes it, undo brings it back.
    await page.locator(`[data-item="link-${ids.link}"]`).focus();
    await page.keyboard.press('Delete');
    expect(await page.locator(`[data-item="link-${ids.link}"]`).count()).toBe(0);
    expect(await heading(page)).toBe('Page A1');
    await page.keyboard.press('Control+Z');
    expect(await page.locator(`[data-item="link-${ids.link}"]`).count()).toBe(1);
    await context.close();
  });

  it('keeps each page’s undo history across a page switch, and saves the undone text by itself', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await openEditor(context);
    const mainText = inspector(page).getByLabel('Main text', { exact: true });
    await mainText.fill('Busy page, edited');
    await expect.poll(() => saveState(page)).toBe('Saved · just now');
    await gridCell(page, 'A2').click();
    await expect.poll(() => inspector(page).getAttribute('aria-label')).toBe('Page A2');
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    await gridCell(page, 'A1').click();
    await expect.poll(() => mainText.inputValue()).toBe('Busy page, edited');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await mainText.inputValue()).toBe('Busy page');
    await expect.poll(() => saveState(page)).toBe('Saved · just now');
    await page.reload();
    await expect.poll(() => inspector(page).getByLabel('Main text', { exact: true }).inputValue()).toBe('Busy page');
    await context.close();
  });

  it('saves before a link out of the editor instead of asking', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await openEditor(context);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await gridCell(page, 'B1').click();
    await expect.poll(() => inspector(page).getAttribute('aria-label')).toBe('Page B1');
    await inspector(page).getByLabel('Main text', { exact: true }).fill('Written just before leaving');
    await page.getByRole('link', { name: 'Sites', exact: true }).click();
    await page.waitForURL('**/admin-user/site-list');
    expect(dialogs).toBe(0);
    const view = (await (await page.request.get(`${server.adminUrl}/api/site/${siteId}?lang=jp`)).json()) as { creatives: { pages: { position: string; detail: { mainText: string } }[] }[] };
    expect(view.creatives[1]?.pages.find((candidate) => candidate.position === 'B1')?.detail.mainText).toBe('Written just before leaving');
    await context.close();
  });

  it('keeps Preview, Publish and the copyable live address top right, on one line at 1280 px, the publish shown in place', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.adminUrl });
    const page = await openEditor(context);
    const bar = (await page.locator('.editor-bar').boundingBox())!;
    const preview = (await page.getByRole('link', { name: 'Preview' }).boundingBox())!;
    const publish = (await page.getByRole('button', { name: 'Publish', exact: true }).boundingBox())!;
    // Top right, in the bar, one line: nothing wraps, nothing scrolls sideways.
    expect(publish.x + publish.width).toBeGreaterThan(1200);
    expect(preview.x).toBeGreaterThan(900);
    expect(preview.y).toBeGreaterThanOrEqual(bar.y);
    expect(preview.y + preview.height).toBeLessThanOrEqual(bar.y + bar.height);
    expect(bar.height).toBeLessThan(60);
    expect((await page.getByRole('group', { name: 'Canvas tools' }).boundingBox())!.height).toBeLessThan(50);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);

    // The live address: the site's own origin, copied in one click.
    const address = page.getByRole('group', { name: 'Live address' });
    const link = address.getByRole('link');
    const url = (await link.getAttribute('href'))!;
    expect(url).toMatch(/^http:\/\/[a-z0-9-]+\.localhost:\d+\/$/);
    expect(await link.textContent()).toBe(url.replace('http://', '').replace(/\/$/, ''));
    expect(await address.textContent()).toContain('not published yet');
    await address.getByRole('button', { name: 'Copy the address' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Address copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // Publishing shows its progress and result right below the button, then the address is live.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.getByTestId('publish-result').count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByTestId('publish-result').textContent()).toContain('Published version 1.');
    const report = (await page.getByRole('region', { name: 'Publish' }).boundingBox())!;
    expect(report.y).toBeGreaterThanOrEqual(publish.y + publish.height);
    expect(report.x + report.width).toBeGreaterThan(1200);
    await expect.poll(() => address.textContent()).not.toContain('not published yet');
    await page.screenshot({ path: `${SHOTS}/editor-layout-published-1280.png` });
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByTestId('publish-result').count()).toBe(0);
    await context.close();
  });

  it('places, moves, resizes and deletes an item with the keyboard alone', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await openEditor(context);
    // An empty page: nothing to select by chance.
    await gridCell(page, 'B2').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => inspector(page).getAttribute('aria-label')).toContain('B2');
    // Add: the toolbar's button, reached and pressed from the keyboard; the new button is selected.
    await page.getByRole('button', { name: 'Add a button' }).focus();
    await page.keyboard.press('Enter');
    const fields = inspector(page).getByTestId('button-0');
    const left = fields.getByLabel('Left', { exact: true });
    const top = fields.getByLabel('Top', { exact: true });
    const width = fields.getByLabel('Width', { exact: true });
    await expect.poll(() => left.count()).toBe(1);
    const start = { x: Number(await left.inputValue()), y: Number(await top.inputValue()), w: Number(await width.inputValue()) };
    // Move: Tab from the toolbar reaches the item on the canvas; arrows nudge it 1 px, 10 px with Shift.
    const item = page.getByTestId('placement-stage').locator('[data-item^="button-"]');
    await item.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(async () => [Number(await left.inputValue()), Number(await top.inputValue())]).toEqual([start.x + 1, start.y - 10]);
    // Resize: Alt with an arrow changes the size instead.
    await page.keyboard.press('Alt+Shift+ArrowRight');
    await expect.poll(async () => Number(await width.inputValue())).toBe(start.w + 10);
    // The canvas draws the button where its fields say, at the new size.
    expect(await item.getAttribute('aria-label')).toContain(`(${start.x + 1}, ${start.y - 10})`);
    // Delete: the key removes the focused item; the page's own fields come back, and undo brings the button back.
    await page.keyboard.press('Delete');
    await expect.poll(() => item.count()).toBe(0);
    await expect.poll(() => inspector(page).getByLabel('Main text', { exact: true }).count()).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => item.count()).toBe(1);
    await context.close();
  });
});
