import { SITE_CSV_COLUMNS, SITE_CSV_HEADERS } from '../model/site-list-csv.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser } from './browser.ts';

const PASSWORD = 'Operator-pass1!';
let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-admin-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: PASSWORD }), () => {});
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the console shell', () => {
  it('refuses a wrong password with the spec message in Japanese by default, then remembers Korean across a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.adminUrl}/login`);
    await page.getByLabel('メールアドレス').fill('owner@example.com');
    await page.getByLabel('パスワード').fill('Wrong-pass1!');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('ログインIDまたはパスワードが正しくありません。確認してもう一度ログインしてください。');
    await page.getByLabel('言語').selectOption('kr');
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: '로그인' }).count()).toBe(1);
    expect(await page.evaluate(() => document.cookie)).toContain('lang=kr');
    await page.close();
  });

  it('serves its screens at their own addresses, with the error pages and a not-found page for anything else', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.adminUrl}/errors/403-ip`);
    await expect.poll(() => page.getByText('お使いのIPアドレスからのアクセスは許可されていません。').count()).toBe(1);
    await page.goto(`${server.adminUrl}/errors/504`);
    await expect.poll(() => page.getByRole('button', { name: '再読み込み' }).count()).toBe(1);
    await page.goto(`${server.adminUrl}/no/such/screen`);
    await expect.poll(() => page.getByText('ページが見つかりません。').count()).toBe(1);
    // Signed out, a console screen sends to login.
    await page.goto(`${server.adminUrl}/master/site-list`);
    await page.waitForURL('**/login');
    await page.close();
  });

  it('signs in and lists the sites with the status filter of every spec status and a CSV export', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.adminUrl}/login`);
    await page.getByLabel('言語').selectOption('en');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/master/site-list');
    const row = page.getByRole('row', { name: /Swipegrid demo/ });
    await expect.poll(() => row.count()).toBe(1);
    // On the site's own origin: the shared host's /sites/{id}/ would only redirect there.
    await expect.poll(() => row.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(server.demoSiteUrl);
    const options = await page.getByLabel('Status').locator('option').allTextContents();
    expect(options).toEqual(['All', 'Draft', 'Published', 'Unpublished', 'Expired', 'Private', 'Domain checking']);
    await page.getByLabel('Status').selectOption('draft');
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search').fill('demo');
    await expect.poll(() => row.count()).toBe(1);
    // The server's file (GET /api/site/export), headers in the console's language.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe(`\uFEFF${SITE_CSV_COLUMNS.map((column) => SITE_CSV_HEADERS.en[column]).join(',')}`);
    expect(csv).toContain('Swipegrid demo,Published');

    // A switch on a signed-in screen: the screen's own texts (loaded with it, in English only) follow in Korean, none shown as its key.
    await page.getByLabel('Language').selectOption('kr');
    await expect.poll(() => row.getByText('수집 데이터').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('상태').locator('option').first().textContent()).toBe('전체');
    await page.getByLabel('언어').selectOption('en');
    await expect.poll(() => row.getByText('Collected data').count()).toBeGreaterThan(0);
    await page.close();
  });
});
