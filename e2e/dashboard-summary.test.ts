import { closeDatabase } from '../api/db/open-database.ts';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { type Db, openDatabase } from '../api/db/open-database.ts';
import { accounts } from '../api/db/schema.ts';
import { invoiceLines, invoices, subscriptions } from '../api/db/schema-billing.ts';
import { hashPassword } from '../api/identity/password.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { addAccount } from '../api/test-support.ts';
import { addMonths, billingMonthOf } from '../model/billing-month.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { signIn } from './site-api.ts';

// The operator opens the summary from the navigation: this month is not invoiced yet, so its MRR
// is the plans in force × their price, and says so; last month's, in the revenue table, is the
// plan lines of its issued invoices. An OEM master sees its own customers and invoices only; a
// user has no summary. Subscriptions and invoices are plain inserts (the billing run makes real ones).
// SHOTS_DIR=/some/dir saves screenshots there (billing-dashboard.png, billing-dashboard-oem.png).

const OPERATOR = { email: 'owner@example.com', password: 'Operator-pass1!' };
const PASSWORD = 'Summary#Pass1';
const SHOTS_DIR = process.env.SHOTS_DIR;
const SETTLED = { timeout: 15_000 };

let dataDir: string;
let server: RunningServer;
let db: Db;
let browser: Browser;
const emails = { oem: 'oem@example.com', user: 'direct@example.com' };
const current = billingMonthOf(Date.now());
const previous = addMonths(current, -1);

async function invoice(issuerId: string, accountId: string, lines: { kind: string; amount: number }[]) {
  const id = randomUUID();
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = Math.floor(subtotal / 10);
  await db
    .insert(invoices)
    .values({
      id,
      issuerId,
      accountId,
      period: previous,
      number: randomUUID(),
      status: 'issued',
      paymentStatus: 'paid',
      billingMethod: 'card',
      subtotal,
      tax,
      total: subtotal + tax,
      taxByRate: [{ rate: 10, base: subtotal, tax }],
    })
    .run();
  for (const [position, line] of lines.entries())
    await db.insert(invoiceLines).values({ id: randomUUID(), invoiceId: id, position, kind: line.kind, quantity: 1, unitPrice: line.amount, amount: line.amount, taxRate: 10 }).run();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-summary-'));
  if (SHOTS_DIR) await mkdir(SHOTS_DIR, { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, SEED_DEMO: 'false' });
  server = await startServer(config, () => {});
  db = await openDatabase(config.database);
  const passwordHash = await hashPassword(PASSWORD);
  const master = (await db.select().from(accounts).where(eq(accounts.email, OPERATOR.email)).get())!.id;
  const add = async (type: 'OEM_MASTER' | 'OEM_ADMIN' | 'USER', parentId: string, planId: string, email?: string) =>
    (await addAccount(db, { type, parentId, planId, passwordHash, password: PASSWORD, ...(email ? { email } : {}) })).id;
  const oem = await add('OEM_MASTER', master, 'oem', emails.oem);
  const c1 = await add('USER', oem, 'premium');
  const c2 = await add('USER', oem, 'light');
  const u1 = await add('USER', master, 'standard', emails.user);
  const u2 = await add('USER', master, 'trial');
  const subscribe = async (accountId: string, planId: string, startMonth: string, endMonth: string | null = null) =>
    await db.insert(subscriptions).values({ id: randomUUID(), accountId, planId, startMonth, endMonth }).run();
  // u1 moved from light to standard this month.
  await subscribe(u1, 'light', addMonths(current, -3), current);
  await subscribe(u1, 'standard', current);
  await subscribe(u2, 'trial', addMonths(current, -3));
  await subscribe(oem, 'oem', addMonths(current, -3));
  await subscribe(c1, 'premium', addMonths(current, -3));
  await subscribe(c2, 'light', addMonths(current, -3));
  await invoice('platform', u1, [
    { kind: 'plan', amount: 30_000 },
    { kind: 'pv_overage', amount: 2_000 },
  ]);
  await invoice('platform', oem, [{ kind: 'plan', amount: 200_000 }]);
  await invoice(oem, c1, [
    { kind: 'plan', amount: 80_000 },
    { kind: 'initial', amount: 100_000 },
  ]);
  const customer = await signIn(server, (await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, c1)).get())!.email, PASSWORD);
  await customer.createSite({ name: 'Customer site', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'jp', languages: ['jp'] });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  db && (await closeDatabase(db));
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `bypassCSP` lets axe-core's script into the page (the console's policy allows no inline script). */
async function signedIn(email: string, password: string): Promise<{ context: BrowserContext; prefix: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  expect((await context.request.post(`${server.adminUrl}/api/auth/login`, { data: { email, password } })).status()).toBe(200);
  const prefix = ((await (await context.request.get(`${server.adminUrl}/api/auth/user-info`)).json()) as { account: { routePrefix: string } }).account.routePrefix;
  await context.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  return { context, prefix };
}

const figure = (page: Page, name: string) => page.getByTestId(`figure-${name}`).textContent();
const detail = (page: Page, name: string) => page.getByTestId(`figure-${name}-detail`).textContent();
const revenueRow = (page: Page, month: string) => page.locator(`[data-testid="revenue-table"] tr[data-month="${month}"]`).evaluate((tr) => [...tr.children].map((cell) => cell.textContent));

describe('the summary dashboard', () => {
  it('shows the operator MRR and ARR from the plans in force this month, last month’s from its invoices, paid plans and adoption', async () => {
    const { context, prefix } = await signedIn(OPERATOR.email, OPERATOR.password);
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/${prefix}/site-list`);
    await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Summary', exact: true }).click();
    await page.waitForURL(`**/${prefix}/summary`);
    // This month: u1 standard 50,000 + u2 trial 0 + the OEM 200,000; the OEM's customers are billed by the OEM.
    await expect.poll(() => figure(page, 'mrr'), SETTLED).toBe('25');
    expect(await detail(page, 'mrr')).toBe(`${current}: not invoiced yet — the plans in force × their price, ¥250,000 excl. tax`);
    expect(await figure(page, 'arr')).toBe('0.03');
    expect(await detail(page, 'arr')).toBe('12 × MRR, ¥3,000,000');
    // Every account of the tree on a priced plan: u1, the OEM and its two customers; u2 is on the trial.
    expect(await figure(page, 'paid')).toBe('4');
    expect(await figure(page, 'sites')).toBe('1');
    expect(await figure(page, 'companies')).toBe('5');
    expect(await revenueRow(page, previous)).toEqual([previous, 'Issued invoices', '¥230,000', '2', `¥${(255_200).toLocaleString('en')}`]);
    expect(await revenueRow(page, current)).toEqual([current, 'Plans in force (not invoiced yet)', '¥250,000', '0', '¥0']);
    const adoption = await page
      .getByTestId('adoption-table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-plan')));
    expect(adoption.sort()).toEqual(['light', 'oem', 'premium', 'standard', 'trial']);
    await page.locator('[data-testid="summary-trend"] canvas').first().waitFor();
    await page.locator('[data-testid="revenue-trend"] canvas').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, 'billing-dashboard.png'), fullPage: true });
    const violations = await axeViolations(page);
    expect(violations, describeViolations('summary', violations)).toEqual([]);
    await context.close();
  });

  it('says a date in the future is refused beside the field, and counts by month by keyboard', async () => {
    const { context, prefix } = await signedIn(OPERATOR.email, OPERATOR.password);
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/${prefix}/summary?to=2999-01-01`);
    await expect.poll(() => page.getByRole('alert').first().textContent(), SETTLED).toBe('Future months cannot be selected.');
    await page.goto(`${server.adminUrl}/${prefix}/summary`);
    await page.getByLabel('Granularity').focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL('**unit=month**');
    // The 30 days up to today fall in two months: the first period starts on the range's first day.
    const periods = () => page.getByTestId('summary-trend').getByTestId('chart-table').locator('tbody th').allTextContents();
    await expect.poll(async () => (await periods()).length, SETTLED).toBe(2);
    expect((await periods())[1]).toBe(`${current}-01`);
    await context.close();
  });

  it('shows an OEM master its own customers and invoices only', async () => {
    const { context, prefix } = await signedIn(emails.oem, PASSWORD);
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/${prefix}/summary`);
    // c1 premium 80,000 + c2 light 30,000.
    await expect.poll(() => figure(page, 'mrr'), SETTLED).toBe('11');
    expect(await figure(page, 'paid')).toBe('2');
    expect(await figure(page, 'companies')).toBe('2');
    expect(await revenueRow(page, previous)).toEqual([previous, 'Issued invoices', '¥80,000', '1', '¥198,000']);
    expect(await page.getByText('Across your own customers').count()).toBe(1);
    if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, 'billing-dashboard-oem.png'), fullPage: true });
    await context.close();
  });

  it('offers a user no summary, and shows the forbidden page at its address', async () => {
    const { context, prefix } = await signedIn(emails.user, PASSWORD);
    const page = await context.newPage();
    await page.goto(`${server.adminUrl}/${prefix}/site-list`);
    await page.getByRole('navigation', { name: 'main' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Summary' }).count()).toBe(0);
    await page.goto(`${server.adminUrl}/${prefix}/summary`);
    await page.waitForURL('**/errors/403');
    await expect.poll(() => page.getByText('You do not have access to this page.').count(), SETTLED).toBe(1);
    await context.close();
  });
});
