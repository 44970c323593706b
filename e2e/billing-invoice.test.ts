import { closeDatabase } from '../api/db/open-database.ts';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBilling } from '../api/billing/billing-run.ts';
import { loadConfig } from '../api/config.ts';
import { type Db, openDatabase } from '../api/db/open-database.ts';
import { accounts } from '../api/db/schema.ts';
import { invoices, subscriptions } from '../api/db/schema-billing.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { signIn } from './site-api.ts';

// The operator gives the platform's issuer details (a wrong registration number is refused beside
// its field), the month is billed, and the operator opens a customer's invoice and downloads its PDF.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
/** Debian's poppler-utils (.ci/run installs it). */
const PDFTOTEXT = '/usr/bin/pdftotext';
const OPERATOR = { email: 'owner@example.com', password: 'Operator-pass1!' };

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let db: Db;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-billing-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'false' }), () => {});
  db = await openDatabase(join(dataDir, 'swipegrid.sqlite'));
  browser = await launchBrowser();
});

afterAll(async () => {
  db && (await closeDatabase(db));
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(): Promise<Page> {
  // bypassCSP: axe is injected as an inline script, which the console's policy rightly refuses.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/site-list');
  return page;
}

describe('issuer settings and the invoice screen', () => {
  it('saves the issuer, shows the billed invoice with its tax line and downloads its PDF', { timeout: 120_000 }, async () => {
    const page = await signedIn();
    await page.goto(`${server.adminUrl}/master/account`);
    const issuer = page.getByRole('region', { name: 'Invoice issuer' });
    await issuer.getByLabel('Company name').fill('株式会社スワイプグリッド');
    await issuer.getByLabel('Address').fill('東京都千代田区丸の内1-1-1');
    await issuer.getByLabel('Registration No.').fill('T12345');
    await issuer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => issuer.getByRole('alert').textContent()).toBe('The registration number is T followed by 13 digits.');
    await issuer.getByLabel('Registration No.').fill('T1234567890123');
    await issuer.getByRole('button', { name: 'Save' }).click();
    await issuer.getByText('Next invoice No.: 000001').waitFor();
    await page.screenshot({ path: `${SHOTS}/billing-issuer.png`, fullPage: true });
    expect(describeViolations('issuer settings', await axeViolations(page))).toBe('');

    const operator = await signIn(server, OPERATOR.email, OPERATOR.password);
    await operator.call('POST', '/api/master/user', { companyName: '株式会社カスタマー', email: 'customer@example.com', accountType: 'USER', planId: 'standard', password: 'First#Pass1' }, 201);
    const customer = (await db.select({ id: accounts.id, planId: accounts.planId }).from(accounts).where(eq(accounts.email, 'customer@example.com')).get())!;
    const customerId = customer.id;
    const plan = customer.planId!;
    await db.insert(subscriptions).values({ id: 'sub-1', accountId: customerId, planId: plan, startMonth: '2026-01' }).run();
    await runBilling(db, '2026-10');
    const invoice = (await db.select().from(invoices).where(eq(invoices.accountId, customerId)).get())!;

    await page.goto(`${server.adminUrl}/master/account`);
    const runs = page.getByRole('region', { name: 'Billing runs' });
    await runs.getByLabel('Month').fill('2026-10');
    await runs.getByText('1 of 1 accounts').waitFor();
    expect(await runs.getByRole('listitem').textContent()).toMatch(/^Finished/);
    await runs.screenshot({ path: `${SHOTS}/billing-runs.png` });

    await page.goto(`${server.adminUrl}/master/invoice/${invoice.id}`);
    await page.getByRole('heading', { name: 'Invoice 000001' }).waitFor();
    const lines = page.getByRole('table');
    await expect.poll(() => lines.getByRole('row').nth(1).getByRole('rowheader').textContent()).toMatch(/^Plan fee/);
    expect(await lines.textContent()).toContain(`10% taxable ¥${invoice.subtotal.toLocaleString('en-US')}, consumption tax ¥${invoice.tax.toLocaleString('en-US')}`);
    expect(await page.getByText('T1234567890123').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/billing-invoice.png`, fullPage: true });
    expect(describeViolations('invoice', await axeViolations(page))).toBe('');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF (Japanese)' }).click()]);
    expect(download.suggestedFilename()).toBe('invoice-000001.pdf');
    const file = join(dataDir, 'invoice.pdf');
    await download.saveAs(file);
    const text = execFileSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('登録番号: T1234567890123');
    expect(text).toContain('株式会社カスタマー 御中');
    expect(text).toContain(`10%対象 ${invoice.subtotal.toLocaleString('en-US')}円 消費税 ${invoice.tax.toLocaleString('en-US')}円`);
  });
});
