import { closeDatabase } from '../api/db/open-database.ts';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBilling } from '../api/billing/billing-run.ts';
import { loadConfig } from '../api/config.ts';
import { type Db, openDatabase } from '../api/db/open-database.ts';
import { invoiceLines, invoices } from '../api/db/schema-billing.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { addMonths, billingMonthOf } from '../model/billing-month.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { signIn } from './site-api.ts';

// Issue 14's path through the console, one account from start to end: the operator creates a
// plan, a customer asks to move to it (pending until the 1st of next month), the month's run
// bills the customer on the plan it is still on, and the operator force-completes that payment
// and downloads the invoice's PDF.

const OPERATOR = { email: 'owner@example.com', password: 'Operator-pass1!' };
const CUSTOMER = { email: 'flow@example.com', first: 'First#Pass1', password: 'Customer#Pass2' };
/** Debian's poppler-utils (.ci/run installs it). */
const PDFTOTEXT = '/usr/bin/pdftotext';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-billing-flow-'));
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

async function signInPage(email: string, password: string, landing: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/${landing}/site-list`);
  return page;
}

describe('billing, end to end in the console', () => {
  it('a new plan, a change pending until next month, the run bills the current plan, force-completed, its PDF downloaded', { timeout: 240_000 }, async () => {
    const month = billingMonthOf(Date.now());
    const operator = await signIn(server, OPERATOR.email, OPERATOR.password);
    await operator.call('PUT', '/api/invoice-issuer', { companyName: '株式会社スワイプグリッド', address: '東京都千代田区丸の内1-1-1', registrationNumber: 'T9876543210987' });

    // The operator creates a plan.
    const admin = await signInPage(OPERATOR.email, OPERATOR.password, 'master');
    await admin.getByRole('link', { name: 'Plan management' }).click();
    await admin.waitForURL('**/master/plan-management');
    await admin.getByRole('button', { name: 'Create a plan' }).click();
    const form = admin.getByRole('form', { name: 'Create a plan' });
    await form.getByLabel('Name').fill('Autumn offer');
    await form.getByLabel('Monthly fee (yen, excl. tax)').fill('42000');
    await form.getByRole('button', { name: 'Save the plan' }).click();
    await expect.poll(() => admin.getByRole('row').filter({ hasText: 'Autumn offer' }).count()).toBe(1);

    // A customer on Light asks for it: pending until the 1st of next month.
    await operator.call('POST', '/api/master/user', { companyName: '株式会社フロー', email: CUSTOMER.email, accountType: 'USER', planId: 'light', password: CUSTOMER.first }, 201);
    const first = await signIn(server, CUSTOMER.email, CUSTOMER.first);
    await first.call('POST', '/api/auth/change-password', { currentPassword: CUSTOMER.first, password: CUSTOMER.password, confirmPassword: CUSTOMER.password });
    const customer = await signInPage(CUSTOMER.email, CUSTOMER.password, 'admin-user');
    await customer.getByRole('link', { name: 'Plan', exact: true }).click();
    await customer.getByRole('link', { name: 'Change plan: Autumn offer' }).click();
    const confirm = customer.getByRole('form', { name: 'Confirm the plan change' });
    await confirm.getByLabel('I agree to the terms of service').check();
    await confirm.getByLabel('I agree to the privacy policy').check();
    await confirm.getByRole('button', { name: 'Request the change' }).click();
    await customer.waitForURL('**/admin-user/plan');
    await expect.poll(() => customer.getByTestId('pending-change').textContent()).toContain(`applies from ${addMonths(month, 1)}-01 (Japan time)`);

    // The month's run: Light's fee and the first month's initial fee, tax once on the whole; the pending change does not count yet.
    expect((await runBilling(db, month)).issued).toBe(1);
    const invoice = (await db.select().from(invoices).where(eq(invoices.period, month)).get())!;
    const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(invoiceLines.position).all();
    expect(lines.map((line) => [line.kind, line.amount])).toEqual([
      ['plan', 30_000],
      ['initial', 100_000],
    ]);
    expect([invoice.subtotal, invoice.tax, invoice.total, invoice.paymentStatus]).toEqual([130_000, 13_000, 143_000, 'unpaid']);

    // The operator force-completes it from the payment list, after the warning that it cannot be undone.
    await admin.getByRole('link', { name: 'Payments' }).click();
    await admin.waitForURL(/\/master\/payments$/);
    await waitForHydration(admin);
    await admin.getByLabel('Month').fill(month);
    await admin.getByLabel('Payment status').selectOption('unpaid');
    const table = admin.getByTestId('payment-table').first();
    await expect.poll(() => table.locator('tbody tr[data-invoice]').count()).toBe(1);
    const row = table.locator('tbody tr[data-invoice]').first();
    expect(await row.textContent()).toContain('¥143,000');
    await row.getByRole('button', { name: 'Force-complete' }).click();
    await admin.getByLabel('Reason').fill('Settled by the customer in person');
    await table.getByRole('button', { name: 'Force-complete' }).last().click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Force-complete' }).click();
    await expect.poll(async () => (await db.select({ status: invoices.paymentStatus }).from(invoices).where(eq(invoices.id, invoice.id)).get())?.status).toBe('completed');

    // And downloads the invoice's PDF.
    await admin.goto(`${server.adminUrl}/master/invoice/${invoice.id}`);
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Download PDF (Japanese)' }).click()]);
    const file = join(dataDir, 'flow.pdf');
    await download.saveAs(file);
    const text = execFileSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('登録番号: T9876543210987');
    expect(text).toContain('株式会社フロー 御中');
    expect(text).toContain('10%対象 130,000円 消費税 13,000円');
  });
});
