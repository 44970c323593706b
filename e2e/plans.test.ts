import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { addMonths, billingMonthOf } from '../model/billing-month.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { signIn } from './site-api.ts';

const OPERATOR_PASSWORD = 'Operator-pass1!';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let operator: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-plans-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signInPage(email: string, password: string, landing: string): Promise<Page> {
  // axe-core is injected as a script, which the console's CSP refuses otherwise.
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/${landing}/site-list`);
  return page;
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(where, violations)).toEqual([]);
}

describe('plans in the console', () => {
  it('the operator creates a plan; a customer asks for it, confirms the terms and sees the change pending until the 1st of next month', { timeout: 180_000 }, async () => {
    const admin = await signInPage('owner@example.com', OPERATOR_PASSWORD, 'master');
    await admin.getByRole('link', { name: 'Plan management' }).click();
    await admin.waitForURL('**/master/plan-management');
    await expect.poll(() => admin.getByTestId('plan-trial').count()).toBe(1);
    await admin.getByRole('button', { name: 'Create a plan' }).click();
    const form = admin.getByRole('form', { name: 'Create a plan' });
    await form.getByLabel('Name').fill('Spring campaign');
    await form.getByLabel('Monthly fee (yen, excl. tax)').fill('45000');
    await form.getByLabel('Analytics').check();
    await form.getByLabel('Multilingual variant').check();
    await admin.screenshot({ path: `${SHOTS}/billing-plan-management.png`, fullPage: true });
    await expectAccessible(admin, 'plan management with its form');
    await form.getByRole('button', { name: 'Save the plan' }).click();
    await expect.poll(() => admin.getByRole('row').filter({ hasText: 'Spring campaign' }).count()).toBe(1);
    const plans = await operator.call<{ plans: { id: string; name: string; price: number; analyticsEffect: boolean; multilingual: boolean }[] }>('GET', '/api/master/plan');
    const spring = plans.plans.find((plan) => plan.name === 'Spring campaign')!;
    expect(spring).toMatchObject({ price: 45_000, analyticsEffect: true, multilingual: true });

    const customerEmail = 'customer@example.com';
    await operator.call('POST', '/api/master/user', { companyName: 'Customer Inc', email: customerEmail, accountType: 'USER', planId: 'light', password: 'First#Pass1' }, 201);
    const first = await signIn(server, customerEmail, 'First#Pass1');
    await first.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password: 'Customer#Pass2', confirmPassword: 'Customer#Pass2' });
    const page = await signInPage(customerEmail, 'Customer#Pass2', 'admin-user');
    await page.getByRole('link', { name: 'Plan', exact: true }).click();
    await page.waitForURL('**/admin-user/plan');
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toContain('Light');
    await expect.poll(() => page.getByText('Minimum contract 12 months; no cancellation mid-term.').count()).toBe(1);
    await page.getByRole('link', { name: 'Change plan: Spring campaign' }).click();
    await page.waitForURL('**/admin-user/check-plan?planId=*');
    const confirm = page.getByRole('form', { name: 'Confirm the plan change' });
    const next = `${addMonths(billingMonthOf(Date.now()), 1)}-01`;
    await expect.poll(() => confirm.getByText(`From ${next} (Japan time)`).count()).toBe(1);
    await expect.poll(() => confirm.getByText('Initial fee 100,000 yen excluding tax. Initial creative production is extra.').count()).toBe(1);
    const submit = confirm.getByRole('button', { name: 'Request the change' });
    expect(await submit.isDisabled()).toBe(true);
    await confirm.getByLabel('I agree to the terms of service').check();
    expect(await submit.isDisabled()).toBe(true);
    await confirm.getByLabel('I agree to the privacy policy').check();
    await page.screenshot({ path: `${SHOTS}/billing-check-plan.png`, fullPage: true });
    await expectAccessible(page, 'check-plan');
    await submit.click();
    await page.waitForURL('**/admin-user/plan');
    await expect.poll(() => page.getByTestId('pending-change').textContent()).toContain(`Change to Spring campaign requested: it applies from ${next} (Japan time)`);
    // The plan confirmation also holds the card on file and the payment history (spec B §2).
    await expect.poll(() => page.getByTestId('card-panel').count()).toBe(1);
    await expect.poll(() => page.getByTestId('payment-history').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/billing-plan.png`, fullPage: true });
    await expectAccessible(page, 'plan');
    // Still on its plan until then.
    expect(await page.getByTestId('current-plan').textContent()).toContain('Light');

    await page.getByRole('button', { name: 'Cancel the change' }).click();
    await expect.poll(() => page.getByTestId('pending-change').count()).toBe(0);
  });
});
