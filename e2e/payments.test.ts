import { closeDatabase } from '../api/db/open-database.ts';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvoice } from '../api/billing/payments-test-support.ts';
import { startTestProviderServer, type TestProviderServer } from '../api/billing/test-provider-server.ts';
import { loadConfig } from '../api/config.ts';
import { openDatabase, type Db } from '../api/db/open-database.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { axeViolations } from './axe.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { signIn } from './site-api.ts';

// The operator registers a card on the provider's hosted page (and sees the spec's message when
// it is declined), filters the payment list, force-completes a payment after the confirmation,
// and reads a customer's payment history. Card billing runs against the local provider server.

const OPERATOR = { email: 'owner@example.com', password: 'Operator-pass1!' };
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
let dataDir: string;
let provider: TestProviderServer;
let server: RunningServer;
let browser: Browser;
let db: Db;
let customerId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-payments-'));
  await mkdir(SHOTS, { recursive: true });
  provider = await startTestProviderServer();
  server = await startServer(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      SITE_PORT: '0',
      ADMIN_EMAIL: OPERATOR.email,
      ADMIN_PASSWORD: OPERATOR.password,
      SEED_DEMO: 'false',
      STRIPE_SECRET_KEY: provider.secretKey,
      STRIPE_WEBHOOK_SECRET: provider.webhookSecret,
      STRIPE_API_BASE: provider.apiBase,
    }),
    () => {},
  );
  provider.setWebhookUrl(`${server.adminUrl}/api/payment/webhook`);
  const operator = await signIn(server, OPERATOR.email, OPERATOR.password);
  const { user } = await operator.call<{ user: { id: string } }>(
    'POST',
    '/api/master/user',
    { companyName: '株式会社ペイメント', email: 'pay@example.com', accountType: 'USER', planId: 'standard' },
    201,
  );
  customerId = user.id;
  // Invoices as the billing run makes them (another branch), written beside the running server.
  db = await openDatabase(join(dataDir, 'swipegrid.sqlite'));
  await seedInvoice(db, { accountId: customerId, period: '2026-10', billingMethod: 'bank_transfer', planFee: 50_000, pvFee: 3_000, licenseFee: 10_000 });
  await seedInvoice(db, { accountId: customerId, period: '2026-09', paymentStatus: 'paid', planFee: 50_000 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  db && (await closeDatabase(db));
  await provider?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const toastText = (page: Page) => page.getByTestId('toast').textContent();

async function signedIn(): Promise<Page> {
  // bypassCSP: axe is injected as an inline script, which the console's CSP rightly refuses.
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/master\/site-list$/);
  return page;
}

describe('payments in the console', () => {
  it('registers a card on the hosted page, says so when one is declined, and force-completes a payment', { timeout: 180_000 }, async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Payments' }).click();
    await page.waitForURL(/\/master\/payments$/);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('card-line').textContent()).toBe('No card registered.');

    // A declined card: the hosted page refuses it, the customer cancels, the console says spec B §8's sentence.
    await page.getByRole('button', { name: 'Register a card' }).click();
    await page.waitForURL(/\/checkout\/cs_/);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/master\/payments/);
    await expect.poll(() => toastText(page)).toBe('An error occurred while adding the card. Please try again.');

    await page.getByRole('button', { name: 'Register a card' }).click();
    await page.waitForURL(/\/checkout\/cs_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('08/30');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.waitForURL(/\/master\/payments/);
    await provider.settled();
    await page.reload();
    await expect.poll(() => page.getByTestId('card-line').textContent()).toBe('VISA ending in 4242, expires 08/2030');
    await page.getByTestId('card-panel').screenshot({ path: join(SHOTS, 'billing-card.png') });

    // The list for October, unpaid: the customer's transfer invoice, then force-completed.
    await page.getByLabel('Month').fill('2026-10');
    await page.getByLabel('Payment status').selectOption('unpaid');
    const table = page.getByTestId('payment-table').first();
    await expect.poll(() => table.locator('tbody tr[data-invoice]').count()).toBe(1);
    const row = table.locator('tbody tr[data-invoice]').first();
    expect(await row.textContent()).toContain('株式会社ペイメント');
    expect(await row.textContent()).toContain('¥69,300');
    expect(await page.getByTestId('payment-export').getAttribute('href')).toBe('/api/payment/export-csv?month=2026-10&status=unpaid');
    await page.screenshot({ path: join(SHOTS, 'billing-payments.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Force-complete' }).click();
    await page.getByLabel('Reason').fill('Paid in cash at the office');
    await table.getByRole('button', { name: 'Force-complete' }).last().click();
    const dialog = page.getByRole('alertdialog');
    // The confirmation's dialog code loads the first time one is asked.
    await expect.poll(() => dialog.getByText('Force-complete this payment? This cannot be undone.').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Force-complete' }).click();
    await expect.poll(() => toastText(page)).toBe('The payment was force-completed.');
    await expect.poll(() => table.locator('tbody tr[data-invoice]').count()).toBe(0);
    await page.getByLabel('Payment status').selectOption('completed');
    await expect.poll(() => table.getByTestId('payment-status').allTextContents()).toEqual(['Completed']);

    // The customer's detail: its payment history, newest month first.
    await page.goto(`${server.adminUrl}/master/user/${customerId}`);
    const history = page.getByTestId('payment-history');
    await expect.poll(() => history.getByTestId('payment-status').allTextContents()).toEqual(['Completed', 'Paid']);
    await history.screenshot({ path: join(SHOTS, 'billing-user-payments.png') });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
