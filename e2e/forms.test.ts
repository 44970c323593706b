import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formEntries } from '../api/db/schema-visitor.ts';
import { createTestContext, moveOwnerToPlan, pngBytes, type TestContext } from '../api/test-support.ts';
import { launchBrowser, onPort, waitForHydration, serveOnLoopback } from './browser.ts';

// The contact and custom form screens of a published site in Chromium, built from the site's
// saved form configuration, with the owner's company info and screen scripts.

let ctx: TestContext;
let server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined;
let origin: string;
let siteId: string;
let lockedSiteId: string;
let browser: Browser;
let context: BrowserContext;

const field = (fields: Record<string, unknown>) => ({ typeForm: 'CONTACT_SETTING', typeInput: 'TEXT_BOX', isRequired: false, ...fields });

async function publishedSite(settings: Record<string, unknown>): Promise<string> {
  const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  const image = await ctx.uploadMedia(site.id, await pngBytes(64, 48, '#2080f0'), 'a.png');
  await ctx.writePage(site.id, site.creatives[0]!.pages[0]!.id, 'jp', { detail: { imageUrl: image.url } });
  const response = await ctx.request(`/api/site/${site.id}?lang=jp`, { method: 'PUT', json: settings });
  if (response.status !== 200) throw new Error(`settings answered ${response.status}: ${await response.text()}`);
  await ctx.publish(site.id);
  return site.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  siteId = await publishedSite({
    forms: {
      CONTACT_SETTING: [
        field({ title: 'お名前', value: 'name', isRequired: true, placeholder: '山田太郎', orderNum: 2 }),
        field({ title: 'メール', value: 'email', isRequired: true, orderNum: 1 }),
        field({ title: 'ご用件', value: 'topic', typeInput: 'SELECT', isRequired: true, options: [{ value: '見積もり' }, { value: 'その他' }], orderNum: 3 }),
        field({ title: '人数', value: 'people', typeInput: 'NUMBER', orderNum: 4 }),
        field({ title: '興味', value: 'interests', typeInput: 'SELECT_OPTIONS', options: [{ value: 'A' }, { value: 'B' }], orderNum: 5 }),
      ],
    },
    company: { companyProfile: '株式会社フォーム', privacyPolicy: '個人情報は大切に扱います', showInContact: true, showInForm: false },
    scripts: { contactScript: "document.body.dataset.contactScript = 'ran';", formScript: '<script>document.body.dataset.formScript = "ran";</script>' },
  });
  lockedSiteId = await publishedSite({});
  server = await serveOnLoopback(ctx.site);
  // Each site on its own origin, {handle}.localhost on this test's port.
  origin = onPort(await ctx.originOf(siteId), server.origin);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await ctx?.cleanup();
});

async function open(path: string, at = origin): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${at}${path}`);
  await waitForHydration(page);
  return page;
}

const entries = async (site: string) => (await ctx.db.select().from(formEntries).all()).filter((entry) => entry.siteId === site);

describe('the contact screen', () => {
  it('shows the configured fields in orderNum order, the company info and runs the contact script', async () => {
    const page = await open(`/contact`);
    await page.locator('.sg-form').waitFor();
    expect(await page.locator('.sg-field > label, .sg-field legend').allTextContents()).toEqual(['メール *必須', 'お名前 *必須', 'ご用件 *必須', '人数', '興味']);
    expect(await page.locator('input[name="name"]').getAttribute('placeholder')).toBe('山田太郎');
    expect(await page.locator('select option').allTextContents()).toEqual(['—', '見積もり', 'その他']);
    expect(await page.locator('.sg-screen-company').textContent()).toContain('会社概要');
    await expect.poll(() => page.evaluate(() => document.body.dataset.contactScript)).toBe('ran');
    // The honeypot is in the form but off screen, out of the tab order and of the accessibility tree.
    const trap = page.locator('input[name="website"]');
    const box = (await trap.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(0);
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await page.locator('.sg-honeypot').getAttribute('aria-hidden')).toBe('true');
    await page.close();
  });

  it('refuses a missing required field with its message, then sends a good one and opens the success screen', async () => {
    const page = await open(`/contact?utm=mail`);
    await page.locator('.sg-form').waitFor();
    await page.fill('input[name="email"]', 'guest@example.com');
    await page.fill('input[name="name"]', '佐藤');
    await page.click('.sg-submit');
    const error = page.locator('.sg-field-error');
    await expect.poll(() => error.textContent()).toBe('必須項目をすべて入力してください。');
    expect(await page.locator('select').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    expect(await entries(siteId)).toHaveLength(0);

    await page.fill('input[name="email"]', 'not-an-email');
    await page.selectOption('select', '見積もり');
    await page.click('.sg-submit');
    await expect.poll(() => error.textContent()).toBe('メールアドレスの形式が正しくありません。');

    await page.fill('input[name="email"]', 'guest@example.com');
    await page.fill('input[name="people"]', '3');
    await page.check('input[type="checkbox"][value="B"]');
    await page.click('.sg-submit');
    await page.waitForURL(`${origin}/contact-success?utm=mail`);
    await waitForHydration(page);
    await expect.poll(() => page.locator('.sg-screen-main').textContent()).toContain('送信しました');
    const stored = await entries(siteId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data).toEqual({ email: 'guest@example.com', name: '佐藤', topic: '見積もり', people: 3, interests: ['B'] });
    await page.close();
  });

  it('keeps nothing when the honeypot is filled, though the visitor sees the same success', async () => {
    const before = (await entries(siteId)).length;
    const page = await open(`/en/contact`);
    await page.locator('.sg-form').waitFor();
    await page.fill('input[name="email"]', 'bot@example.com');
    await page.fill('input[name="name"]', 'Bot');
    await page.selectOption('select', 'その他');
    await page.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await page.click('.sg-submit');
    await page.waitForURL(`${origin}/en/contact-success`);
    expect(await entries(siteId)).toHaveLength(before);
    await page.close();
  });
});

describe('the custom form screen', () => {
  it('uses the spec defaults when unset, runs a tag snippet script, hides company info unless showInForm, and opens form-success', async () => {
    const page = await open(`/en/forms`);
    await page.locator('.sg-form').waitFor();
    expect(await page.locator('.sg-field > label').allTextContents()).toEqual(['Email *Required', 'Company name *Required']);
    expect(await page.locator('.sg-screen-company').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.body.dataset.formScript)).toBe('ran');
    await page.click('.sg-submit');
    await expect.poll(() => page.locator('.sg-field-error').textContent()).toBe('Please enter all required fields.');
    await page.fill('input[name="email"]', 'form@example.com');
    await page.fill('input[name="companyName"]', 'ACME');
    await page.click('.sg-submit');
    await page.waitForURL(`${origin}/en/form-success`);
    expect((await entries(siteId)).some((entry) => entry.formType === 'HOMEPAGE_SETTING')).toBe(true);
    await page.close();
  });

  // Last: both sites have one owner, whom this moves to a plan without forms.
  it('says the form is not available when the plan lacks settingFormContact', async () => {
    await moveOwnerToPlan(ctx, lockedSiteId, 'trial');
    const page = await open('/contact', onPort(await ctx.originOf(lockedSiteId), server!.origin));
    await expect.poll(() => page.locator('.sg-form-error').textContent()).toBe('このサイトではフォームをご利用いただけません。');
    expect(await page.locator('.sg-form').count()).toBe(0);
    await page.close();
  });
});
