import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../api/test-support.ts';
import { lastLinkTo, MEMBER_PASSWORD, memberToken, publishedSiteWithLockedPage, SECRET, type LockedSite } from '../api/visitor/visitor-test-support.ts';
import { launchBrowser, onPort, waitForHydration, serveOnLoopback } from './browser.ts';

// A published site whose A2 is members-only, visited in Chromium: the lock overlay, the register,
// register-success and login screens, the emailed link (read from the outbox), and the page opened.

let ctx: TestContext;
let server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined;
let origin: string;
let locked: LockedSite;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ctx = await createTestContext();
  locked = await publishedSiteWithLockedPage(ctx);
  server = await serveOnLoopback(ctx.site);
  origin = onPort(await ctx.originOf(locked.site.id), server.origin);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await ctx?.cleanup();
});

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await waitForHydration(page);
}

/** The emailed link, on this test's server instead of the configured site origin. */
async function mailedLink(email: string): Promise<string> {
  const link = new URL(await lastLinkTo(ctx, email));
  return `${origin}${link.pathname}${link.search}${link.hash}`;
}

describe('members-only pages in the browser', () => {
  it('register → email link → register-success → login brings the visitor back to the locked page, now open with its image', async () => {
    const page = await context.newPage();
    const email = 'visitor@example.com';
    await open(page, `/A2`);
    const lockedPage = page.locator('.sg-page[data-position="A2"]');
    await expect.poll(() => lockedPage.locator('.sg-lock').isVisible()).toBe(true);
    expect(await page.content()).not.toContain(SECRET.mainText);

    await lockedPage.locator('.sg-lock-register').click();
    await page.waitForURL(`${origin}/register`);
    await waitForHydration(page);
    await page.locator('input[name="email"]').waitFor();
    await page.fill('input[name="email"]', email);
    // The password rule of V §5 is checked here before anything is sent.
    await page.fill('input[name="password"]', 'short');
    await page.fill('input[name="confirmPassword"]', 'short');
    await page.click('.sg-submit');
    await expect.poll(() => page.locator('.sg-field-error').textContent()).toContain('パスワードは8〜20文字');
    expect((await ctx.outbox()).filter((entry) => entry.to === email)).toHaveLength(0);

    await page.fill('input[name="password"]', MEMBER_PASSWORD);
    await page.fill('input[name="confirmPassword"]', MEMBER_PASSWORD);
    await page.click('.sg-submit');
    await expect.poll(() => page.locator('.sg-sent').textContent()).toContain('メールを送信しました');

    await page.goto(await mailedLink(email));
    expect(new URL(page.url()).pathname).toBe(`/register-success`);
    await waitForHydration(page);
    await expect.poll(() => page.locator('.sg-screen-main').textContent()).toContain('会員登録が完了しました');

    await page.click('.sg-screen-main a.sg-submit');
    await page.waitForURL(`${origin}/login`);
    await waitForHydration(page);
    await page.fill('#sg-login-email', email);
    await page.fill('#sg-login-password', 'Wrong#Pass1');
    await page.click('.sg-submit');
    await expect.poll(() => page.locator('.sg-form-error').textContent()).toContain('ログインIDまたはパスワードが正しくありません');
    await page.fill('#sg-login-password', MEMBER_PASSWORD);
    await page.click('.sg-submit');

    await page.waitForURL(`${origin}/A2`);
    await waitForHydration(page);
    const opened = page.locator('.sg-page[data-position="A2"]');
    await expect.poll(() => opened.locator('.sg-main-text').textContent(), { timeout: 10_000 }).toContain(SECRET.mainText);
    expect(await opened.locator('.sg-lock').count()).toBe(0);
    const image = opened.locator('img.sg-media, .sg-media img').first();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toContain(`/api/end-user/site/${locked.site.id}/private-media/`);

    const tokens = JSON.parse((await page.evaluate(() => localStorage.getItem('endUserToken')))!) as Record<string, string>;
    expect(Object.keys(tokens)).toEqual([locked.site.id]);
    await page.close();
  });

  it('a token the API refuses is cleared for that site only, and the page stays locked', async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/register`);
    await page.evaluate((siteId) => localStorage.setItem('endUserToken', JSON.stringify({ [siteId]: 'x'.repeat(43), 'other-site': 'kept' })), locked.site.id);
    await open(page, `/A2`);
    await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('endUserToken')))!)).toEqual({ 'other-site': 'kept' });
    expect(await page.locator('.sg-page[data-position="A2"] .sg-lock').isVisible()).toBe(true);
    await page.close();
  });

  it('an unknown registration link lands on the register screen with the link message', async () => {
    const page = await context.newPage();
    await open(page, `/api/end-user/site/${locked.site.id}/register/verify?token=${'a'.repeat(32)}&lang=en`);
    expect(new URL(page.url()).pathname).toBe(`/en/register`);
    await expect.poll(() => page.locator('.sg-form-error').textContent()).toContain('The link is invalid or has expired');
    await page.close();
  });

  it('forgot password → emailed link → a new password (refused beside its field first) → login with it → log out locks the page again', async () => {
    const email = 'forgetful@example.com';
    await memberToken(ctx, locked.site.id, email);
    const page = await context.newPage();
    await open(page, '/login');
    await page.getByRole('link', { name: 'パスワードをお忘れの方はこちら' }).click();
    await page.waitForURL(`${origin}/reset-password`);
    await waitForHydration(page);
    await page.fill('#sg-reset-email', email);
    await page.click('.sg-submit');
    await expect.poll(() => page.locator('.sg-sent').textContent()).toContain('新しいパスワードを設定するリンクを送信しました');

    const link = await mailedLink(email);
    expect(new URL(link).pathname).toBe('/new-password');
    await page.goto(link);
    await waitForHydration(page);
    // The secret leaves the address bar once read.
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await page.fill('#sg-new-password', 'short');
    await page.fill('#sg-confirm-password', 'short');
    await page.click('.sg-submit');
    await expect.poll(() => page.locator('#sg-new-password-error').textContent()).toContain('パスワードは8〜20文字');
    expect(await page.locator('#sg-new-password').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: 'test-results/screenshots/member-new-password.png' });
    await page.fill('#sg-new-password', 'Fresh#Pass22');
    await page.fill('#sg-confirm-password', 'Fresh#Pass22');
    await page.click('.sg-submit');
    await expect.poll(() => page.locator('.sg-sent').textContent()).toContain('パスワードを変更しました');

    await page.click('.sg-screen-main a.sg-submit');
    await page.waitForURL(`${origin}/login`);
    await waitForHydration(page);
    await page.fill('#sg-login-email', email);
    await page.fill('#sg-login-password', 'Fresh#Pass22');
    await page.click('.sg-submit');
    await page.waitForURL(`${origin}/`);
    await open(page, '/A2');
    await expect.poll(() => page.locator('.sg-page[data-position="A2"] .sg-main-text').textContent(), { timeout: 10_000 }).toContain(SECRET.mainText);

    await page.screenshot({ path: 'test-results/screenshots/member-logout.png' });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await reloaded;
    await waitForHydration(page);
    await expect.poll(() => page.locator('.sg-page[data-position="A2"] .sg-lock').isVisible()).toBe(true);
    const tokens = JSON.parse((await page.evaluate(() => localStorage.getItem('endUserToken'))) ?? '{}') as Record<string, string>;
    expect(tokens[locked.site.id]).toBeUndefined();
    expect(await page.getByRole('button', { name: 'ログアウト' }).count()).toBe(0);
    await page.close();
  });
});
