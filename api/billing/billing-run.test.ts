import { closeDatabase } from '../db/open-database.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open-database.ts';
import { billingRuns, invoiceIssuers, invoiceLines, invoices, paymentCards } from '../db/schema-billing.ts';
import { addAccount, addIssuer, addPlan, type FixtureAccount } from './billing-fixture.ts';
import { runBilling } from './billing-run.ts';

const MONTH = '2026-11';
const CHILD = fileURLToPath(new URL('./billing-run.child.ts', import.meta.url));
const PLATFORM_NUMBER = 'T1234567890123';
const OEM_NUMBER = 'T9876543210987';

type Line = [kind: string, quantity: number, unitPrice: number, amount: number];
type Expected = { issuer: string; lines: Line[]; subtotal: number; tax: number; total: number; method?: string };

/**
 * Fifty accounts of November 2026 and, for each billed one, its invoice worked out by hand:
 * tax is 10 % of the invoice's subtotal, rounded down; page-view overage is billed per started
 * 1,000 views over the plan's limit.
 */
async function seedMonth(db: Db): Promise<Map<string, Expected>> {
  await addPlan(db, { id: 'light', price: 30_000, initialFee: 100_000, licenseFee: 5_000, limitAccess: 30_000, limitAccessPrice: 1_000 });
  await addPlan(db, { id: 'standard', price: 50_000, initialFee: 100_000, licenseFee: 8_000, limitAccess: 100_000, limitAccessPrice: 800 });
  await addPlan(db, { id: 'premium', price: 98_000, initialFee: 100_000, licenseFee: 0, limitAccess: 300_000, limitAccessPrice: 500 });
  await addPlan(db, { id: 'trial', price: 0, initialFee: 0, licenseFee: 0, limitAccess: 10_000, limitAccessPrice: 0 });
  await addPlan(db, { id: 'oem', price: 200_000, initialFee: 100_000, licenseFee: 20_000, limitAccess: 1_000_000, limitAccessPrice: 300 });
  await addPlan(db, { id: 'oem-basic', price: 20_000, initialFee: 50_000, licenseFee: 0, limitAccess: 20_000, limitAccessPrice: 1_500 });
  await addPlan(db, { id: 'odd', price: 12_345, initialFee: 0, licenseFee: 0, limitAccess: 0, limitAccessPrice: 7 });
  await addIssuer(db, 'platform', '株式会社スワイプグリッド', PLATFORM_NUMBER);
  await addIssuer(db, 'a03', '株式会社オーイーエム', OEM_NUMBER);
  const since = (plan: string): FixtureAccount['subscriptions'] => [[plan, '2026-01']];
  const accounts: FixtureAccount[] = [
    { id: 'a01', type: 'MASTER' },
    { id: 'a02', type: 'MASTER_USER', parentId: 'a01' },
    { id: 'a03', type: 'OEM_MASTER', parentId: 'a01', subscriptions: since('oem'), licenseIssued: true, pageViews: { month: MONTH, views: 1_250_500 }, pages: 12 },
    { id: 'a04', type: 'OEM_ADMIN', parentId: 'a03' },
    { id: 'a05', type: 'SUB_ADMIN', parentId: 'a03' },
    { id: 'a06', type: 'USER', parentId: 'a03', subscriptions: [['oem-basic', MONTH]], contractStart: '2026-11-10' },
    { id: 'a07', type: 'USER', parentId: 'a03', subscriptions: since('oem-basic'), pageViews: { month: MONTH, views: 20_001 } },
    // Page views of another month are not this month's.
    { id: 'a08', type: 'USER', parentId: 'a04', subscriptions: since('oem-basic'), pageViews: { month: '2026-10', views: 90_000 } },
    ...['a09', 'a10', 'a11', 'a12', 'a13', 'a14', 'a15'].map((id): FixtureAccount => ({ id, type: 'USER', parentId: 'a04', subscriptions: since('oem-basic') })),
    { id: 'a16', type: 'USER', parentId: 'a01', subscriptions: [['light', MONTH]], contractStart: '2026-11-01', licenseIssued: true },
    { id: 'a17', type: 'USER', parentId: 'a01', subscriptions: since('light'), pageViews: { month: MONTH, views: 31_001 }, pages: 7 },
    { id: 'a18', type: 'USER', parentId: 'a01', subscriptions: since('standard'), pageViews: { month: MONTH, views: 100_000 } },
    // Asked in November to move to premium: pending until December, so November is light.
    { id: 'a19', type: 'USER', parentId: 'a01', subscriptions: since('light'), pendingChange: { toPlanId: 'premium', effectiveMonth: '2026-12' } },
    { id: 'a20', type: 'USER', parentId: 'a01', subscriptions: since('standard'), contractState: 'suspended' },
    { id: 'a21', type: 'USER', parentId: 'a01', subscriptions: since('standard'), contractState: 'terminated', terminatedAt: Date.parse('2026-10-15T03:00:00Z') },
    // Terminated on 30 November, 23:00 UTC: already 1 December in Japan, so November is still billed.
    { id: 'a22', type: 'USER', parentId: 'a01', subscriptions: since('standard'), contractState: 'terminated', terminatedAt: Date.parse('2026-11-30T23:00:00Z') },
    { id: 'a23', type: 'USER', parentId: 'a01', subscriptions: since('standard'), contractState: 'inactive' },
    { id: 'a24', type: 'USER', parentId: 'a01', subscriptions: since('trial') },
    // A change applied on 1 November: the new plan bills November.
    {
      id: 'a25',
      type: 'USER',
      parentId: 'a01',
      subscriptions: [
        ['light', '2026-01', MONTH],
        ['premium', MONTH],
      ],
    },
    { id: 'a26', type: 'USER', parentId: 'a01', subscriptions: [['light', '2026-01', '2026-10']] },
    { id: 'a27', type: 'USER', parentId: 'a01', subscriptions: [['light', '2026-12']] },
    { id: 'a28', type: 'USER', parentId: 'a01', subscriptions: [['light', '2026-12']], contractStart: '2026-12-01' },
    { id: 'a29', type: 'USER', parentId: 'a01', subscriptions: since('odd'), pageViews: { month: MONTH, views: 1 } },
  ];
  for (let n = 30; n <= 50; n++) accounts.push({ id: `a${n}`, type: 'USER', parentId: 'a01', subscriptions: since(n % 2 === 0 ? 'light' : 'premium') });
  for (const account of accounts) await addAccount(db, account);
  await db.insert(paymentCards).values({ accountId: 'a30', providerCustomerId: 'cus_1', providerMethodId: 'pm_1', brand: 'visa', last4: '4242' }).run();

  const plan = (price: number): Line => ['plan', 1, price, price];
  const expected = new Map<string, Expected>([
    // 1,250,500 views − 1,000,000 = 250,500 over: 251 started blocks × 300 = 75,300.
    ['a03', { issuer: 'platform', lines: [plan(200_000), ['license', 1, 20_000, 20_000], ['pv_overage', 251, 300, 75_300]], subtotal: 295_300, tax: 29_530, total: 324_830 }],
    ['a06', { issuer: 'a03', lines: [plan(20_000), ['initial', 1, 50_000, 50_000]], subtotal: 70_000, tax: 7_000, total: 77_000 }],
    ['a07', { issuer: 'a03', lines: [plan(20_000), ['pv_overage', 1, 1_500, 1_500]], subtotal: 21_500, tax: 2_150, total: 23_650 }],
    ['a16', { issuer: 'platform', lines: [plan(30_000), ['initial', 1, 100_000, 100_000], ['license', 1, 5_000, 5_000]], subtotal: 135_000, tax: 13_500, total: 148_500 }],
    ['a17', { issuer: 'platform', lines: [plan(30_000), ['pv_overage', 2, 1_000, 2_000]], subtotal: 32_000, tax: 3_200, total: 35_200 }],
    ['a18', { issuer: 'platform', lines: [plan(50_000)], subtotal: 50_000, tax: 5_000, total: 55_000 }],
    ['a19', { issuer: 'platform', lines: [plan(30_000)], subtotal: 30_000, tax: 3_000, total: 33_000 }],
    ['a20', { issuer: 'platform', lines: [plan(50_000)], subtotal: 50_000, tax: 5_000, total: 55_000 }],
    ['a22', { issuer: 'platform', lines: [plan(50_000)], subtotal: 50_000, tax: 5_000, total: 55_000 }],
    ['a25', { issuer: 'platform', lines: [plan(98_000)], subtotal: 98_000, tax: 9_800, total: 107_800 }],
    // 12,352 × 10 % = 1,235.2: rounded down once, on the invoice.
    ['a29', { issuer: 'platform', lines: [plan(12_345), ['pv_overage', 1, 7, 7]], subtotal: 12_352, tax: 1_235, total: 13_587 }],
  ]);
  for (const id of ['a08', 'a09', 'a10', 'a11', 'a12', 'a13', 'a14', 'a15']) expected.set(id, { issuer: 'a03', lines: [plan(20_000)], subtotal: 20_000, tax: 2_000, total: 22_000 });
  for (let n = 30; n <= 50; n++) {
    const light = n % 2 === 0;
    expected.set(`a${n}`, { issuer: 'platform', lines: [plan(light ? 30_000 : 98_000)], subtotal: light ? 30_000 : 98_000, tax: light ? 3_000 : 9_800, total: light ? 33_000 : 107_800 });
  }
  expected.get('a30')!.method = 'card';
  return expected;
}

/** What an invoice says, without its random ids: two runs agree when these agree. */
async function snapshot(db: Db) {
  const rows = await db.select().from(invoices).orderBy(asc(invoices.accountId)).all();
  return Promise.all(
    rows.map(async (invoice) => ({
      accountId: invoice.accountId,
      issuerId: invoice.issuerId,
      number: invoice.number,
      status: invoice.status,
      subtotal: invoice.subtotal,
      tax: invoice.tax,
      total: invoice.total,
      taxByRate: invoice.taxByRate,
      method: invoice.billingMethod,
      lines: (await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(invoiceLines.position).all()).map(
        (line): Line => [line.kind, line.quantity, line.unitPrice, line.amount],
      ),
    })),
  );
}

let dir: string;
let file: string;
let db: Db;
let expected: Map<string, Expected>;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'billing-run-'));
  file = path.join(dir, 'db.sqlite');
  db = await openDatabase(file);
  expected = await seedMonth(db);
});

afterEach(async () => {
  await closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the month in a child process; with `killAfter`, kills it (SIGKILL) once it reports that many batches. */
function runChild(options: { batch: number; pauseMs: number; killAfter?: number }): Promise<{ killed: boolean; output: string }> {
  const child = spawn(process.execPath, [CHILD, file, MONTH, String(options.batch), String(options.pauseMs)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let batches = 0;
  createInterface({ input: child.stdout }).on('line', (line) => {
    output += `${line}\n`;
    if (line.startsWith('progress') && ++batches === options.killAfter) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.on('exit', (_code, signal) => resolve({ killed: signal === 'SIGKILL', output })));
}

describe('the monthly billing run', () => {
  it('bills each account of the month as worked out by hand, numbering each issuer from 1 without gaps', async () => {
    const result = await runBilling(db, MONTH);
    const made = await snapshot(db);
    expect(made.map((invoice) => invoice.accountId)).toEqual([...expected.keys()].sort());
    for (const invoice of made) {
      const want = expected.get(invoice.accountId)!;
      expect({ ...invoice, number: undefined }).toEqual({
        accountId: invoice.accountId,
        issuerId: want.issuer,
        number: undefined,
        status: 'issued',
        subtotal: want.subtotal,
        tax: want.tax,
        total: want.total,
        taxByRate: [{ rate: 10, base: want.subtotal, tax: want.tax }],
        method: want.method ?? 'bank_transfer',
        lines: want.lines,
      });
    }
    const numbers = (issuer: string) => made.filter((invoice) => invoice.issuerId === issuer).map((invoice) => Number(invoice.number));
    expect(numbers('platform')).toEqual(Array.from({ length: numbers('platform').length }, (_, i) => i + 1));
    expect(numbers('a03')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await db.select().from(invoiceIssuers).where(eq(invoiceIssuers.issuerId, 'a03')).get())?.nextNumber).toBe(11);
    expect(result).toMatchObject({ issued: made.length, waitingForIssuer: 0 });
    const run = await db.select().from(billingRuns).get();
    expect(run).toMatchObject({ period: MONTH, status: 'finished', accountsDone: result.accountsTotal });
    // The OEM master and 45 users, less the inactive one, the one terminated in October and the one whose contract starts in December.
    expect(result.accountsTotal).toBe(43);
  });

  it('keeps the invoices of the issue time: a second run issues nothing and changes nothing', async () => {
    await runBilling(db, MONTH);
    const first = await snapshot(db);
    const second = await runBilling(db, MONTH);
    expect(second.issued).toBe(0);
    expect(await snapshot(db)).toEqual(first);
  });

  it('leaves the invoices of an issuer without its settings as drafts, and issues them once it has them', async () => {
    await db.delete(invoiceIssuers).where(eq(invoiceIssuers.issuerId, 'a03')).run();
    expect(await runBilling(db, MONTH)).toMatchObject({ waitingForIssuer: 10 });
    expect((await snapshot(db)).filter((invoice) => invoice.issuerId === 'a03')).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'draft', number: null })]));
    await addIssuer(db, 'a03', '株式会社オーイーエム', OEM_NUMBER);
    expect(await runBilling(db, MONTH)).toMatchObject({ issued: 10, waitingForIssuer: 0 });
    expect((await snapshot(db)).filter((invoice) => invoice.issuerId === 'a03').map((invoice) => invoice.number)).toEqual([
      '000001',
      '000002',
      '000003',
      '000004',
      '000005',
      '000006',
      '000007',
      '000008',
      '000009',
      '000010',
    ]);
  });

  it('run killed (kill -9) half way, then run again, gives the invoices of one clean run: none twice, numbers consecutive', async () => {
    const killed = await runChild({ batch: 5, pauseMs: 500, killAfter: 4 });
    expect(killed.killed, killed.output).toBe(true);
    const partial = await snapshot(db);
    expect(partial.filter((invoice) => invoice.status === 'issued').length).toBeGreaterThan(0);
    expect(partial.filter((invoice) => invoice.status === 'issued').length).toBeLessThan(expected.size);
    expect((await db.select().from(billingRuns).get())?.status).toBe('running');
    const rerun = await runChild({ batch: 5, pauseMs: 0 });
    expect(rerun.output).toContain('done');

    const cleanFile = path.join(dir, 'clean.sqlite');
    const clean = await openDatabase(cleanFile);
    await seedMonth(clean);
    await runBilling(clean, MONTH);
    expect(await snapshot(db)).toEqual(await snapshot(clean));
    await closeDatabase(clean);
  });

  it('two runs started at once produce one set of invoices', async () => {
    const [a, b] = await Promise.all([runChild({ batch: 3, pauseMs: 5 }), runChild({ batch: 3, pauseMs: 5 })]);
    expect(a.output).toContain('done');
    expect(b.output).toContain('done');
    const made = await snapshot(db);
    expect(made.map((invoice) => invoice.accountId)).toEqual([...expected.keys()].sort());
    expect(made.every((invoice) => invoice.status === 'issued')).toBe(true);
    const platform = made.filter((invoice) => invoice.issuerId === 'platform').map((invoice) => Number(invoice.number));
    expect(platform).toEqual(Array.from({ length: platform.length }, (_, i) => i + 1));
  });
});
