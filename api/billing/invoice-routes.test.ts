import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema.ts';
import { invoices } from '../db/schema-billing.ts';
import { createSession, SESSION_COOKIE } from '../identity/sessions.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { addAccount, addIssuer, addPlan } from './billing-fixture.ts';
import { runBilling } from './billing-run.ts';

type ErrorBody = { issues: { path: string[]; key: string }[] };

/** Debian's poppler-utils (.ci/run installs it). */
const PDFTOTEXT = '/usr/bin/pdftotext';
const OEM_NUMBER = 'T9876543210987';
let ctx: TestContext;
let invoiceId: string;

const as = async (accountId: string) => ({ headers: { cookie: `${SESSION_COOKIE}=${(await createSession(ctx.db, accountId)).token}` } });

beforeAll(async () => {
  ctx = await createTestContext();
  const operator = (await ctx.db.select({ id: accounts.id }).from(accounts).get())!.id;
  await addPlan(ctx.db, { id: 'bill-basic', price: 20_000, initialFee: 50_000, licenseFee: 0, limitAccess: 20_000, limitAccessPrice: 1_500 });
  await addIssuer(ctx.db, 'platform', '株式会社スワイプグリッド', 'T1234567890123');
  await addIssuer(ctx.db, 'oem', '株式会社オーイーエム', OEM_NUMBER);
  await addAccount(ctx.db, { id: 'oem', type: 'OEM_MASTER', parentId: operator, subscriptions: [['bill-basic', '2026-01']] });
  await addAccount(ctx.db, { id: 'customer', type: 'USER', parentId: 'oem', subscriptions: [['bill-basic', '2026-01']], pageViews: { month: '2026-10', views: 20_001 } });
  await addAccount(ctx.db, { id: 'stranger', type: 'USER', parentId: operator, subscriptions: [['bill-basic', '2026-01']] });
  await runBilling(ctx.db, '2026-10');
  invoiceId = (await ctx.db.select({ id: invoices.id, accountId: invoices.accountId }).from(invoices).all()).find((row) => row.accountId === 'customer')!.id;
});

afterAll(() => ctx.cleanup());

/** The text a real PDF reader (poppler's pdftotext) finds in the PDF. */
function pdfText(bytes: ArrayBuffer, name: string): string {
  const file = path.join(ctx.dir, name);
  writeFileSync(file, new Uint8Array(bytes));
  return execFileSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('an invoice and its PDF', () => {
  it('shows the invoice to the billed account and to the OEM master that issued it, to nobody outside the branch', async () => {
    const seen = await ctx.request(`/api/bill/${invoiceId}`, await as('oem'));
    expect(seen.status).toBe(200);
    const { invoice } = (await seen.json()) as { invoice: { issuer: { registrationNumber: string }; lines: { kind: string; amount: number }[]; total: number } };
    expect(invoice.issuer.registrationNumber).toBe(OEM_NUMBER);
    expect(invoice.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['plan', 20_000],
      ['pv_overage', 1_500],
    ]);
    expect(invoice.total).toBe(23_650);
    expect((await ctx.request(`/api/bill/${invoiceId}`, await as('customer'))).status).toBe(200);
    expect((await ctx.request(`/api/bill/${invoiceId}`, await as('stranger'))).status).toBe(404);
    expect((await ctx.request(`/api/bill/${invoiceId}/export-pdf`, await as('stranger'))).status).toBe(404);
  });

  it('prints the Japanese PDF with the issuer, its registration number, the Japanese company names and the tax line', async () => {
    const response = await ctx.request(`/api/bill/${invoiceId}/export-pdf`, await as('customer'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('invoice-000001.pdf');
    const text = pdfText(await response.arrayBuffer(), 'jp.pdf');
    expect(text).toContain('請求書');
    expect(text).toContain(`登録番号: ${OEM_NUMBER}`);
    expect(text).toContain('株式会社オーイーエム');
    expect(text).toContain('株式会社customer 御中');
    expect(text).toContain('10%対象 21,500円 消費税 2,150円');
    expect(text).toContain('合計（税込）: 23,650円');
  });

  it('prints the English PDF with the same figures', async () => {
    const response = await ctx.request(`/api/bill/${invoiceId}/export-pdf?lang=en`, await as('oem'));
    const text = pdfText(await response.arrayBuffer(), 'en.pdf');
    expect(text).toContain(`Registration No.: ${OEM_NUMBER}`);
    expect(text).toContain('10% taxable ¥21,500, consumption tax ¥2,150');
    expect(text).toContain('Page views over the limit (per 1,000 PV)');
  });
});

describe('billing runs', () => {
  it("shows the platform the month's runs with their progress", async () => {
    const response = await ctx.request('/api/billing-run?month=2026-10');
    expect(response.status).toBe(200);
    const { runs } = (await response.json()) as { runs: { status: string; accountsDone: number; accountsTotal: number }[] };
    expect(runs).toEqual([expect.objectContaining({ status: 'finished', accountsDone: 3, accountsTotal: 3 })]);
    expect((await ctx.request('/api/billing-run?month=2026-13')).status).toBe(400);
  });
});

describe('issuer settings', () => {
  it('refuses a registration number that is not T and 13 digits, and keeps each issuer its own', async () => {
    const save = async (accountId: string, registrationNumber: string) =>
      ctx.request('/api/invoice-issuer', { method: 'PUT', json: { companyName: '株式会社オーイーエム', address: '大阪府大阪市', registrationNumber }, ...(await as(accountId)) });
    for (const wrong of ['9876543210987', 'T987654321098', 'T98765432109870', 'T98765432109x7']) {
      const refused = await save('oem', wrong);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorBody).issues).toEqual([expect.objectContaining({ path: ['registrationNumber'], key: 'invalidRegistrationNumber' })]);
    }
    const saved = await save('oem', 'T1111111111111');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ issuer: { issuerId: 'oem', companyName: '株式会社オーイーエム', address: '大阪府大阪市', registrationNumber: 'T1111111111111', nextNumber: 2 } });
    const platform = (await (await ctx.request('/api/invoice-issuer')).json()) as { issuer: { issuerId: string; registrationNumber: string } };
    expect(platform.issuer).toMatchObject({ issuerId: 'platform', registrationNumber: 'T1234567890123' });
    // An issued invoice keeps the number it was issued with.
    const { invoice } = (await (await ctx.request(`/api/bill/${invoiceId}`, await as('oem'))).json()) as { invoice: { issuer: { registrationNumber: string } } };
    expect(invoice.issuer.registrationNumber).toBe(OEM_NUMBER);
  });
});
