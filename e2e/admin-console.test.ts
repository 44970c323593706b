import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { readOutbox } from '../api/mail/mailer.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser } from './browser.ts';
import { signIn } from './site-api.ts';

const OPERATOR_PASSWORD = 'Operator-pass1!';
const FIRST_PASSWORD = 'First#Pass1';
const OWN_PASSWORD = 'Own#Password2';
const CUSTOMER = 'customer@example.com';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let siteId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-console-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  // The operator creates the customer with a first password, which the customer must change.
  const operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
  await operator.call('POST', '/api/master/user', { companyName: 'Customer Inc', email: CUSTOMER, accountType: 'USER', planId: 'standard', password: FIRST_PASSWORD }, 201);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function nineImageZip(): Promise<Buffer> {
  const colours = ['#d32f2f', '#f57c00', '#fbc02d', '#388e3c', '#0097a7', '#1976d2', '#512da8', '#c2185b', '#455a64'];
  const files: Record<string, Uint8Array> = {};
  for (const [index, colour] of colours.entries()) {
    files[`creatives/${index + 1}.jpg`] = new Uint8Array(
      await sharp({ create: { width: 375, height: 739, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    );
  }
  return Buffer.from(zipSync(files));
}

const toastText = (page: Page) => page.getByTestId('toast').textContent();

describe('a new customer in the admin console', () => {
  it('changes the first password, creates a 3 × 3 site, uploads a ZIP, edits and places, previews and publishes', { timeout: 240_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.adminUrl}/${'admin-user'}/site-list`);
    // Signed out: the console sends to login, in Japanese by default; the choice of English is remembered.
    await expect.poll(() => page.getByRole('heading', { name: 'ログイン' }).count()).toBe(1);
    await page.getByLabel('言語').selectOption('en');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('en');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Invalid email address.').count()).toBe(1);
    await page.getByLabel('Email').fill(CUSTOMER);
    await page.getByLabel('Password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL('**/first-time-change-password');
    await page.getByLabel('Current password').fill(FIRST_PASSWORD);
    await page.getByLabel('New password').fill(OWN_PASSWORD);
    await page.getByLabel('Confirm password').fill('Other#Password2');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect.poll(() => page.getByText('Passwords do not match. Please try again.').count()).toBe(1);
    await page.getByLabel('Confirm password').fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.waitForURL('**/admin-user/site-list');

    await page.getByRole('link', { name: 'Create a site' }).click();
    await expect.poll(() => page.getByTestId('plan-cap').textContent()).toContain('50');
    await page.getByRole('button', { name: 'Create a site' }).click();
    await expect.poll(() => page.getByText('Please enter all required fields.').count()).toBe(1);
    await page.getByLabel('Site name').fill('Spring shoes');
    await page.getByLabel('Columns').fill('10');
    await page.getByLabel('Rows').fill('6');
    await page.getByRole('button', { name: 'Create a site' }).click();
    await expect.poll(() => page.getByText("Rows times columns cannot exceed the plan's maximum of 50.").count()).toBe(1);
    await page.getByLabel('Columns').fill('3');
    await page.getByLabel('Rows').fill('3');
    await page.getByRole('button', { name: 'Create a site' }).click();
    await page.waitForURL(/\/admin-user\/site\/[\w-]+$/);
    siteId = page.url().split('/').pop()!;

    // Bulk upload: one ZIP of nine images fills A1…C3 in order.
    await page.getByRole('button', { name: 'Creative settings' }).click();
    const creatives = page.getByRole('region', { name: 'Creative settings' });
    await page.getByLabel('Choose files').setInputFiles({ name: 'creatives.zip', mimeType: 'application/zip', buffer: await nineImageZip() });
    await expect.poll(() => toastText(page), { timeout: 60_000 }).toBe('9 images placed.');
    await expect.poll(() => creatives.locator('.page-cell img').count()).toBe(9);

    // Page detail: text, a CTA button dragged and nudged on the 375 × 739 stage. A page picked in the section opens it on the canvas.
    await creatives.getByRole('button', { name: 'A1', exact: true }).click();
    await expect.poll(() => creatives.isHidden()).toBe(true);
    await page.getByLabel('Main text', { exact: true }).fill('Walk into spring');
    await page.getByRole('button', { name: 'Add a button' }).click();
    const left = page.getByTestId('button-0').getByLabel('Left', { exact: true });
    const top = page.getByTestId('button-0').getByLabel('Top', { exact: true });
    expect(await left.inputValue()).toBe('127');
    // A new button stands in the lower middle, clear of the next-page arrow (model/free-spot.ts).
    expect(await top.inputValue()).toBe('440');
    const handle = page.locator('[data-item^="button-"]').first();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 - 100, { steps: 8 });
    await page.mouse.up();
    expect(await left.inputValue()).toBe('67');
    expect(await top.inputValue()).toBe('340');
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await left.inputValue()).toBe('68');
    expect(await top.inputValue()).toBe('350');
    const resize = page.locator('[data-handle^="button-"]').first();
    const corner = (await resize.boundingBox())!;
    await page.mouse.move(corner.x + 4, corner.y + 4);
    await page.mouse.down();
    await page.mouse.move(corner.x + 34, corner.y + 14, { steps: 5 });
    await page.mouse.up();
    expect(await page.getByTestId('button-0').getByLabel('Width').inputValue()).toBe('150');
    await page.getByTestId('button-0').getByLabel('Link URL').fill('https://example.com/spring');
    await page.screenshot({ path: 'test-results/admin-editor.png' });
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved · just now');

    // A contact form field, required.
    await page.getByRole('button', { name: 'Other settings' }).click();
    await page.getByRole('tab', { name: 'Contact' }).click();
    const contact = page.getByRole('form', { name: 'Contact' });
    await contact.getByRole('button', { name: 'Add a field' }).click();
    await contact.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => contact.getByText('Please enter all required fields.').count()).toBe(1);
    await contact.getByTestId('form-field-2').getByLabel('Field title').fill('Phone');
    await contact.getByTestId('form-field-2').getByLabel('Required').check();
    await contact.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page)).toBe('Saved.');

    // Preview: the saved draft, rendered on the site origin inside a frame.
    await page.getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL(`**/site/${siteId}/preview`);
    const frame = page.frameLocator('iframe[title="Preview"]');
    await expect.poll(() => frame.getByText('Walk into spring').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // The preview is on its own origin, preview.localhost, which no published site shares.
    const previewOrigin = server.siteUrl.replace('//localhost:', '//preview.localhost:');
    expect(await page.locator('iframe').getAttribute('src')).toMatch(new RegExp(`^${previewOrigin}/preview/${siteId}/`));
    expect(await page.locator('iframe').getAttribute('width')).toBe('389');

    // Publish, watching the bar reach the end.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.locator('.editor-workspace').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { seen: number[] };
      w.seen = [];
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('[data-testid="publish-progress"]');
        if (bar) w.seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.getByTestId('publish-result').count(), { timeout: 60_000 }).toBe(1);
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    expect(seen.at(-1)).toBe(100);
    expect(await page.getByTestId('publish-result').textContent()).toContain('Published version 1.');
    await page.screenshot({ path: 'test-results/admin-publish.png' });

    const live = await browser.newPage();
    await live.goto(`${server.siteUrl}/sites/${siteId}/`);
    expect(await live.content()).toContain('Walk into spring');
    expect(await live.content()).toContain('CTA');
    await live.close();
    // Saving the page kept the image the ZIP placed there: every page has its own.
    const customer = await signIn(server, CUSTOMER, OWN_PASSWORD);
    const site = await customer.call<{ creatives: { pages: { detail: { imageUrl: string } }[] }[] }>('GET', `/api/site/${siteId}`);
    const images = site.creatives.flatMap((creative) => creative.pages.map((p) => p.detail.imageUrl));
    expect(new Set(images.filter(Boolean)).size).toBe(9);
    await page.close();
  });

  it('shows a viewer of the customer every save refused, keeping what was typed', { timeout: 120_000 }, async () => {
    expect(siteId).not.toBe('');
    const customer = await signIn(server, CUSTOMER, OWN_PASSWORD);
    await customer.call('POST', '/api/sub-admin', { name: 'Viewer', email: 'viewer@example.com', role: 'viewer' }, 201);
    const invitation = (await readOutbox(join(dataDir, 'outbox'))).find((mail) => mail.to === 'viewer@example.com')!;
    const link = /http\S+\/new-password\?token=\S+/.exec(invitation.text)![0];

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.adminUrl}/login`);
    await page.getByLabel('言語').selectOption('en');
    await page.goto(link.replace(/^http:\/\/localhost:\d+/, server.adminUrl));
    await page.getByLabel('New password').fill('Viewer#Pass1');
    await page.getByLabel('Confirm password').fill('Viewer#Pass1');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill('viewer@example.com');
    await page.getByLabel('Password').fill('Viewer#Pass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin-user/site-list');
    await page.getByRole('link', { name: 'Spring shoes', exact: true }).click();
    await expect.poll(() => page.getByText('You have view-only authority: changes will be refused.').count()).toBe(1);

    const refused = 'Your authority is view only; changes are not allowed.';
    await page.getByRole('button', { name: 'Site settings' }).click();
    const settings = page.getByRole('form', { name: 'Site settings' });
    await settings.getByLabel('Site name').fill('Renamed by a viewer');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page)).toBe(refused);
    expect(await settings.getByLabel('Site name').inputValue()).toBe('Renamed by a viewer');

    // The page saves itself, and the bar says why it cannot.
    await page.getByRole('button', { name: 'Back to the page' }).click();
    await page.getByLabel('Main text', { exact: true }).fill('Viewer words');
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe(`Not saved: ${refused}`);
    expect(await page.getByLabel('Main text', { exact: true }).inputValue()).toBe('Viewer words');

    await page.getByRole('button', { name: 'Global menu' }).click();
    await page.getByLabel('Category A').fill('Shoes');
    await page.getByLabel('Category B').fill('Bags');
    await page.getByLabel('Category C').fill('Hats');
    await page.getByRole('form', { name: 'Global menu' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page)).toBe(refused);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => toastText(page)).toBe(refused);
    // Nothing reached the draft.
    const site = await customer.call<{ settings: { name: string } }>('GET', `/api/site/${siteId}`);
    expect(site.settings.name).toBe('Spring shoes');
    await page.close();
  });
});
