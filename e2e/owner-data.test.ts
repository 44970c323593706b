import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { readOutbox } from '../api/mail/mailer.ts';
import { FORMS } from '../api/owner-data/owner-data-test-support.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { MEMBER_PASSWORD } from '../api/visitor/visitor-test-support.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { signIn, visitorUrl } from './site-api.ts';

// A visitor registers and sends the contact and the custom form on a published site; its owner
// finds each in the console, opens it, and downloads the CSVs, which read back with the same values.

const OPERATOR = { email: 'owner@example.com', password: 'Operator-pass1!' };
const SHOTS = 'test-results/screenshots';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let siteId = '';

const MEMBER = { email: 'hanako@example.com', nickname: 'はなちゃん, "常連"' };
const CONTACT = { email: 'guest@example.com', name: '佐藤 花子', interests: 'B', message: '見積もりをお願いします。' };
const FORM = { email: 'buyer@example.com', companyName: '株式会社テスト', people: '12' };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-owner-data-'));
  await mkdir(SHOTS, { recursive: true });
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'false' }), () => {});
  const owner = await signIn(server, OPERATOR.email, OPERATOR.password);
  const site = await owner.createSite({ name: '収集テスト', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  siteId = site.id;
  const image = await owner.uploadImage(siteId, '#2080f0');
  await owner.writePage(siteId, site.creatives[0]!.pages[0]!.id, { detail: { imageUrl: image } });
  await owner.updateSite(siteId, { forms: FORMS }, 'jp');
  await owner.publish(siteId);
  browser = await launchBrowser();
  phone = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
});

afterAll(async () => {
  await phone?.close();
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function visit(path: string): Promise<Page> {
  const page = await phone.newPage();
  await page.goto(visitorUrl(server, siteId, path));
  await waitForHydration(page);
  await page.locator('.sg-form').waitFor();
  return page;
}

/** A downloaded CSV: its first character, and its rows as papaparse reads them. */
async function downloadCsv(page: Page, linkName: string): Promise<{ bom: boolean; rows: string[][]; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: linkName }).click()]);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await readFile((await download.path())!));
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { bom: text.startsWith('\uFEFF'), rows: parsed.data, name: download.suggestedFilename() };
}

describe('the owner’s members, contacts and form entries', () => {
  it('a visitor registers and sends both forms; the owner lists, opens and downloads each', { timeout: 180_000 }, async () => {
    // The visitor: a member through the emailed link, a contact entry, a custom-form entry.
    const register = await visit('register');
    await register.fill('input[name="email"]', MEMBER.email);
    await register.fill('input[name="password"]', MEMBER_PASSWORD);
    await register.fill('input[name="confirmPassword"]', MEMBER_PASSWORD);
    await register.fill('input[name="nickname"]', MEMBER.nickname);
    await register.click('.sg-submit');
    await register.locator('.sg-sent').waitFor();
    let link = '';
    await expect
      .poll(async () => {
        link = (await readOutbox(join(dataDir, 'outbox'))).find((mail) => mail.to === MEMBER.email)?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    await register.goto(link);
    await waitForHydration(register);
    await expect.poll(() => register.locator('.sg-screen-main').textContent()).toContain('会員登録が完了しました');
    await register.close();

    const contact = await visit('contact');
    await contact.fill('input[name="email"]', CONTACT.email);
    await contact.fill('input[name="name"]', CONTACT.name);
    await contact.check(`input[type="checkbox"][value="${CONTACT.interests}"]`);
    await contact.fill('[name="message"]', CONTACT.message);
    await contact.click('.sg-submit');
    await contact.waitForURL('**/contact-success');
    await contact.close();

    const form = await visit('forms');
    await form.fill('input[name="email"]', FORM.email);
    await form.fill('input[name="companyName"]', FORM.companyName);
    await form.fill('input[name="people"]', FORM.people);
    await form.click('.sg-submit');
    await form.waitForURL('**/form-success');
    await form.close();

    // The owner, in the console in Japanese at 1440 × 900.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/login`);
    await page.getByLabel('メールアドレス').fill(OPERATOR.email);
    await page.getByLabel('パスワード').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL('**/site-list');
    await page
      .getByRole('row', { name: /収集テスト/ })
      .getByRole('link', { name: '収集データ' })
      .click();

    // Members: listed with the profile, opened, downloaded.
    await page.waitForURL(`**/site-member/${siteId}`);
    const members = page.getByRole('region', { name: /会員/ }).getByRole('table');
    await expect.poll(() => members.getByRole('row').count()).toBe(2);
    expect(await members.getByRole('columnheader').allTextContents()).toEqual(['登録日時', 'メールアドレス', '言語', 'ニックネーム']);
    expect(await members.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([expect.any(String), MEMBER.email, '日本語', MEMBER.nickname]);
    await page.getByLabel('検索').fill('no-such-member');
    await expect.poll(() => page.getByText('該当するデータはありません。').count()).toBe(1);
    await page.getByLabel('検索').fill('はな');
    await expect.poll(() => members.getByRole('row').count()).toBe(2);
    await page.screenshot({ path: `${SHOTS}/owner-data-members.png` });
    // Every control is labelled (found above by its label); the keyboard's focus is drawn.
    await page.getByLabel('CSV見出しの言語').focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { text: element.textContent, outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
    expect(focused).toEqual({ text: 'CSVダウンロード', outline: 'solid 3px' });
    const memberCsv = await downloadCsv(page, 'CSVダウンロード');
    expect(memberCsv.bom).toBe(true);
    expect(memberCsv.name).toMatch(/^members-.*\.csv$/);
    expect(memberCsv.rows[0]).toEqual(['ID', '登録日時', '言語', 'メールアドレス', 'ニックネーム']);
    expect(memberCsv.rows.slice(1).map((row) => row.slice(2))).toEqual([['jp', MEMBER.email, MEMBER.nickname]]);
    await members.getByRole('row').nth(1).getByRole('link').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('会員詳細');
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /ニックネーム/ })
          .getByRole('cell')
          .textContent(),
      )
      .toBe(MEMBER.nickname);
    await page.screenshot({ path: `${SHOTS}/owner-data-member-detail.png` });
    await page.getByRole('link', { name: '一覧に戻る' }).click();

    // Contacts: the date filter keeps today's entry and drops it for a range that ends before today.
    await page.getByRole('navigation', { name: '収集データ' }).getByRole('link', { name: 'お問い合わせ' }).click();
    await page.waitForURL(`**/site-contact/${siteId}`);
    const contacts = page.getByRole('region', { name: /お問い合わせ/ }).getByRole('table');
    await expect.poll(() => contacts.getByRole('row').count()).toBe(2);
    expect(await contacts.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([expect.any(String), '日本語', CONTACT.email, CONTACT.name, CONTACT.interests, CONTACT.message]);
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
    await page.getByLabel('開始日').fill(today);
    await page.getByLabel('終了日').fill('2000-01-01');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('日付の範囲が正しくありません。');
    expect(await page.getByLabel('終了日').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('終了日').fill(today);
    await expect.poll(() => contacts.getByRole('row').count()).toBe(2);
    await page.screenshot({ path: `${SHOTS}/owner-data-contacts.png` });
    const contactCsv = await downloadCsv(page, 'CSVダウンロード');
    expect(contactCsv.bom).toBe(true);
    expect(contactCsv.rows[0]).toEqual(['ID', '受信日時', '言語', 'メール', 'お名前', '興味', 'ご用件']);
    expect(contactCsv.rows.slice(1).map((row) => row.slice(2))).toEqual([['jp', CONTACT.email, CONTACT.name, CONTACT.interests, CONTACT.message]]);
    // The same file with English headers.
    await page.getByLabel('CSV見出しの言語').selectOption('en');
    expect((await downloadCsv(page, 'CSVダウンロード')).rows[0]!.slice(0, 3)).toEqual(['ID', 'Received at', 'Language']);
    await contacts.getByRole('row').nth(1).getByRole('link').click();
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /ご用件/ })
          .getByRole('cell')
          .textContent(),
      )
      .toBe(CONTACT.message);
    expect(
      await page
        .getByRole('row', { name: /通知メール/ })
        .getByRole('cell')
        .textContent(),
    ).toBe('送信済み');
    await page.screenshot({ path: `${SHOTS}/owner-data-contact-detail.png` });
    await page.getByRole('link', { name: '一覧に戻る' }).click();

    // Custom-form entries.
    await page.getByRole('navigation', { name: '収集データ' }).getByRole('link', { name: 'フォーム回答' }).click();
    await page.waitForURL(`**/site-form/${siteId}`);
    const forms = page.getByRole('region', { name: /フォーム回答/ }).getByRole('table');
    await expect.poll(() => forms.getByRole('row').count()).toBe(2);
    await page.screenshot({ path: `${SHOTS}/owner-data-forms.png` });
    const formCsv = await downloadCsv(page, 'CSVダウンロード');
    expect(formCsv.rows[0]).toEqual(['ID', '受信日時', '言語', 'メール', '会社名', '人数']);
    expect(formCsv.rows.slice(1).map((row) => row.slice(2))).toEqual([['jp', FORM.email, FORM.companyName, FORM.people]]);
    await forms.getByRole('row').nth(1).getByRole('link').click();
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /会社名/ })
          .getByRole('cell')
          .textContent(),
      )
      .toBe(FORM.companyName);
    await page.screenshot({ path: `${SHOTS}/owner-data-form-detail.png` });
    await context.close();
  });
});
