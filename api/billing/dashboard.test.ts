import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdoptionByPlan, RegistrationData, Revenue, UserSite } from '../../model/dashboard.ts';
import { createSiteInputSchema } from '../../model/site-input.ts';
import { accounts, sites } from '../db/schema.ts';
import { invoiceLines, invoices, subscriptions } from '../db/schema-billing.ts';
import { plans } from '../db/schema-identity.ts';
import { hashPassword } from '../identity/password.ts';
import { createSite } from '../sites/create-site.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';

// Thursday 2026-11-26, 10:00 in Tokyo: November's billing run has not happened yet.
const NOW = new Date('2026-11-26T01:00:00Z');
const PASSWORD = 'Dashboard#Pass1';
let ctx: TestContext;

/**
 * The tree: the platform bills three direct users (one terminated) and two OEM masters; OEM
 * master A bills its three customers (two below its OEM admin, one right below it), OEM master
 * B its one. Invoices (plain inserts: the billing run makes real ones) for September and October.
 */
const ids = {} as Record<'oemA' | 'oemAdminA' | 'a1' | 'a2' | 'a3' | 'oemB' | 'b1' | 'd1' | 'd2' | 'd3' | 'subA', string>;
const cookies = {} as Record<'master' | 'oemA' | 'subA' | 'oemB' | 'oemAdminA' | 'd1', string>;

/** The seeded prices this test's sums were worked out with (yen a month, excluding tax). */
const PRICE = { trial: 0, light: 30_000, standard: 50_000, premium: 80_000, oem: 200_000 } as const;

async function subscribe(accountId: string, planId: string, startMonth: string, endMonth: string | null = null) {
  await ctx.db.insert(subscriptions).values({ id: randomUUID(), accountId, planId, startMonth, endMonth }).run();
}

type Line = { kind: string; amount: number };
/** An invoice with its lines; tax once per invoice at 10 %, floored, as the billing run computes it. */
async function invoice(issuerId: string, accountId: string, period: string, lines: Line[], status = 'issued') {
  const id = randomUUID();
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = Math.floor(subtotal / 10);
  await ctx.db
    .insert(invoices)
    .values({
      id,
      issuerId,
      accountId,
      period,
      number: status === 'draft' ? null : `${issuerId.slice(0, 8)}-${randomUUID().slice(0, 8)}`,
      status,
      paymentStatus: 'unpaid',
      billingMethod: 'bank_transfer',
      subtotal,
      tax,
      total: subtotal + tax,
      taxByRate: [{ rate: 10, base: subtotal, tax }],
    })
    .run();
  for (const [position, line] of lines.entries()) {
    await ctx.db.insert(invoiceLines).values({ id: randomUUID(), invoiceId: id, position, kind: line.kind, quantity: 1, unitPrice: line.amount, amount: line.amount, taxRate: 10 }).run();
  }
}

const plan = (amount: number): Line => ({ kind: 'plan', amount });

async function get<T>(cookie: string, path: string): Promise<T> {
  const response = await ctx.request(path, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => NOW });
  const passwordHash = await hashPassword(PASSWORD);
  const master = (await ctx.db.select().from(accounts).get())!.id;
  const add = async (type: Parameters<typeof addAccount>[1]['type'], parentId: string, planId: string | null, extra: Partial<Parameters<typeof addAccount>[1]> = {}) =>
    (await addAccount(ctx.db, { type, parentId, planId, passwordHash, password: PASSWORD, ...extra })).id;
  ids.oemA = await add('OEM_MASTER', master, 'oem');
  ids.oemAdminA = await add('OEM_ADMIN', ids.oemA, null);
  ids.a1 = await add('USER', ids.oemAdminA, 'premium');
  ids.a2 = await add('USER', ids.oemAdminA, 'light');
  ids.a3 = await add('USER', ids.oemA, 'trial');
  ids.subA = await add('SUB_ADMIN', ids.oemA, null, { role: 'editor' });
  ids.oemB = await add('OEM_MASTER', master, 'oem');
  ids.b1 = await add('USER', ids.oemB, 'pro');
  ids.d1 = await add('USER', master, 'premium');
  ids.d2 = await add('USER', master, 'trial');
  ids.d3 = await add('USER', master, 'premium', { contractState: 'terminated' });
  // Neither a never contracted account nor one whose contract starts next month is billed, nor counted, this month.
  const inactive = await add('USER', master, 'premium', { contractState: 'inactive' });
  const later = await add('USER', master, 'premium');
  await ctx.db.update(accounts).set({ contractStart: '2026-12-01' }).where(eq(accounts.id, later)).run();
  await subscribe(inactive, 'premium', '2026-01');
  await subscribe(later, 'premium', '2026-01');

  const prices = await ctx.db
    .select({ id: plans.id, price: plans.price })
    .from(plans)
    .where(inArray(plans.id, Object.keys(PRICE)))
    .all();
  expect(Object.fromEntries(prices.map((row) => [row.id, row.price]))).toEqual(PRICE);

  // d1 moved from standard to premium on 1 October; everyone else has been on one plan since January.
  await subscribe(ids.d1, 'standard', '2026-01', '2026-10');
  await subscribe(ids.d1, 'premium', '2026-10');
  for (const [account, planId] of [
    [ids.d2, 'trial'],
    [ids.d3, 'premium'],
    [ids.oemA, 'oem'],
    [ids.oemB, 'oem'],
    [ids.a1, 'premium'],
    [ids.a2, 'light'],
    [ids.a3, 'trial'],
    [ids.b1, 'pro'],
  ] as const)
    await subscribe(account, planId, '2026-01');

  // The platform's September and October invoices: plan fees with an initial fee, overage and a license beside them.
  await invoice('platform', ids.d1, '2026-09', [plan(50_000)]);
  await invoice('platform', ids.d3, '2026-09', [plan(80_000)]);
  await invoice('platform', ids.oemA, '2026-09', [plan(200_000), { kind: 'license', amount: 10_000 }]);
  await invoice('platform', ids.oemB, '2026-09', [plan(200_000)]);
  await invoice('platform', ids.d1, '2026-10', [plan(80_000), { kind: 'pv_overage', amount: 3_000 }]);
  await invoice('platform', ids.d2, '2026-10', [{ kind: 'initial', amount: 100_000 }]);
  await invoice('platform', ids.oemA, '2026-10', [plan(200_000), { kind: 'license', amount: 10_000 }]);
  await invoice('platform', ids.oemB, '2026-10', [plan(200_000)]);
  // Neither a draft nor a voided invoice is revenue.
  await invoice('platform', ids.d3, '2026-10', [plan(80_000)], 'void');
  await invoice('platform', ids.d2, '2026-08', [plan(99_999)], 'draft');
  // OEM master A's invoices to its customers; B's to its own.
  await invoice(ids.oemA, ids.a1, '2026-10', [plan(80_000), { kind: 'initial', amount: 100_000 }]);
  await invoice(ids.oemA, ids.a2, '2026-10', [plan(30_000), { kind: 'pv_overage', amount: 1_001 }]);
  await invoice(ids.oemB, ids.b1, '2026-10', [plan(120_000)]);

  // Companies and sites made on known days (the rest in January): a1 at 00:30 on 21 November in Tokyo (still the 20th in UTC).
  await ctx.db
    .update(accounts)
    .set({ createdAt: new Date('2026-01-05T03:00:00Z') })
    .run();
  await ctx.db
    .update(accounts)
    .set({ createdAt: new Date('2026-11-20T15:30:00Z') })
    .where(eq(accounts.id, ids.a1))
    .run();
  await ctx.db
    .update(accounts)
    .set({ createdAt: new Date('2026-09-15T03:00:00Z') })
    .where(inArray(accounts.id, [ids.a2, ids.d2]))
    .run();
  const site = async (owner: string, at: string, live = false) => {
    const id = await createSite(ctx.db, owner, createSiteInputSchema.parse({ name: 'Dashboard site', numberHorizontal: 1, numberVertical: 1 }));
    await ctx.db
      .update(sites)
      .set({ createdAt: new Date(at), liveVersion: live ? 1 : null })
      .where(eq(sites.id, id))
      .run();
  };
  await site(ids.a1, '2026-11-20T15:30:00Z', true);
  await site(ids.a1, '2026-11-24T02:00:00Z');
  await site(ids.a3, '2026-10-02T02:00:00Z', true);
  await site(ids.b1, '2026-11-24T02:00:00Z');
  await site(ids.d1, '2026-11-10T02:00:00Z');
  await site(ids.oemA, '2026-11-10T02:00:00Z');

  const emailOf = async (id: string) => (await ctx.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id)).get())!.email;
  cookies.master = await ctx.login();
  for (const who of ['oemA', 'subA', 'oemB', 'oemAdminA', 'd1'] as const) cookies[who] = await ctx.loginAs(await emailOf(ids[who]), PASSWORD);
});
afterAll(() => ctx.cleanup());

const monthOf = (revenue: Revenue, month: string) => revenue.months.find((row) => row.month === month)!;

describe('MRR and ARR (B §2, §9): the sum of the month’s plan fees', () => {
  it('counts the platform’s October plan lines of issued invoices only: no initial fee, overage, license, draft or void', async () => {
    const revenue = await get<Revenue>(cookies.master, '/api/dashboard/revenue?from=2026-09&to=2026-11');
    expect(revenue.issuerId).toBe('platform');
    expect(revenue.months.map((row) => row.month)).toEqual(['2026-09', '2026-10', '2026-11']);
    // 80,000 (d1, premium since October) + 200,000 (OEM A) + 200,000 (OEM B); d2's trial has no plan line.
    const mrr = 80_000 + 200_000 + 200_000;
    expect(monthOf(revenue, '2026-10')).toEqual({
      month: '2026-10',
      source: 'invoices',
      mrr,
      arr: 12 * mrr,
      invoices: 4,
      subtotal: 83_000 + 100_000 + 210_000 + 200_000,
      tax: 8_300 + 10_000 + 21_000 + 20_000,
      revenue: 91_300 + 110_000 + 231_000 + 220_000,
    });
    expect(monthOf(revenue, '2026-09')).toMatchObject({ source: 'invoices', mrr: 50_000 + 80_000 + 200_000 + 200_000, arr: 12 * 530_000, invoices: 4 });
  });

  it('agrees with the invoices to the yen: MRR is the sum of the plan lines, revenue the sum of the totals', async () => {
    const revenue = await get<Revenue>(cookies.master, '/api/dashboard/revenue?from=2026-10&to=2026-10');
    const issued = (await ctx.db.select().from(invoices).where(eq(invoices.issuerId, 'platform')).all()).filter((row) => row.period === '2026-10' && row.status === 'issued');
    const lines = await ctx.db
      .select()
      .from(invoiceLines)
      .where(
        inArray(
          invoiceLines.invoiceId,
          issued.map((row) => row.id),
        ),
      )
      .all();
    const october = monthOf(revenue, '2026-10');
    expect(october.mrr).toBe(lines.filter((line) => line.kind === 'plan').reduce((sum, line) => sum + line.amount, 0));
    expect(october.revenue).toBe(issued.reduce((sum, row) => sum + row.total, 0));
    expect(october.arr).toBe(12 * october.mrr);
  });

  it('shows November, not invoiced yet, from the subscriptions in force × price, and says so', async () => {
    const revenue = await get<Revenue>(cookies.master, '/api/dashboard/revenue?from=2026-11&to=2026-11');
    // d1 premium + d2 trial + OEM A + OEM B; d3 is terminated, two are not contracted this month, and the OEMs’ customers are billed by the OEMs.
    const mrr = PRICE.premium + PRICE.trial + PRICE.oem + PRICE.oem;
    expect(revenue.months).toEqual([{ month: '2026-11', source: 'subscriptions', mrr, arr: 12 * mrr, invoices: 0, subtotal: 0, tax: 0, revenue: 0 }]);
  });

  it('gives an OEM master its own invoices and customers only, and its sub-admin the same', async () => {
    const revenue = await get<Revenue>(cookies.oemA, '/api/dashboard/revenue?from=2026-09&to=2026-11');
    expect(revenue.issuerId).toBe(ids.oemA);
    expect(monthOf(revenue, '2026-10')).toMatchObject({ source: 'invoices', mrr: 80_000 + 30_000, arr: 12 * 110_000, invoices: 2, subtotal: 211_001, tax: 21_100 });
    // Nothing issued by A in September: its customers' subscriptions then.
    expect(monthOf(revenue, '2026-09')).toMatchObject({ source: 'subscriptions', mrr: PRICE.premium + PRICE.light + PRICE.trial, invoices: 0 });
    expect(monthOf(revenue, '2026-11')).toMatchObject({ source: 'subscriptions', mrr: PRICE.premium + PRICE.light + PRICE.trial });
    expect(await get<Revenue>(cookies.subA, '/api/dashboard/revenue?from=2026-09&to=2026-11')).toEqual(revenue);
    const other = await get<Revenue>(cookies.oemB, '/api/dashboard/revenue?from=2026-10&to=2026-11');
    expect(other.months.map((row) => row.mrr)).toEqual([120_000, 120_000]);
  });

  it('reads the twelve months up to the current one when no range is given', async () => {
    const revenue = await get<Revenue>(cookies.master, '/api/dashboard/revenue');
    expect([revenue.from, revenue.to, revenue.months.length]).toEqual(['2025-12', '2026-11', 12]);
  });
});

describe('adoption by plan and paid plans', () => {
  it('counts every account of the platform’s tree on each plan in force in the month', async () => {
    const adoption = await get<AdoptionByPlan>(cookies.master, '/api/dashboard/adoption-by-plan?month=2026-11');
    const count = Object.fromEntries(adoption.plans.map((row) => [row.planId, row.accounts]));
    // The terminated d3, the never contracted and the not yet started accounts are on no plan; d1 is on premium since October.
    expect(count).toEqual({ oem: 2, premium: 2, light: 1, trial: 2, pro: 1 });
    expect([adoption.accounts, adoption.paidAccounts]).toEqual([8, 6]);
    expect(adoption.plans[0]).toMatchObject({ planId: 'oem', price: PRICE.oem, version: 1 });
    const september = await get<AdoptionByPlan>(cookies.master, '/api/dashboard/adoption-by-plan?month=2026-09');
    expect(september.plans.find((row) => row.planId === 'standard')?.accounts).toBe(1);
  });

  it('counts an OEM master’s customers only, not itself nor another OEM’s', async () => {
    const adoption = await get<AdoptionByPlan>(cookies.oemA, '/api/dashboard/adoption-by-plan');
    expect(adoption.month).toBe('2026-11');
    expect(Object.fromEntries(adoption.plans.map((row) => [row.planId, row.accounts]))).toEqual({ premium: 1, light: 1, trial: 1 });
    expect([adoption.accounts, adoption.paidAccounts]).toEqual([3, 2]);
  });
});

describe('sites created and companies introduced', () => {
  it('counts companies by type per Japan day, over the range and to date', async () => {
    const data = await get<RegistrationData>(cookies.master, '/api/dashboard/registration-data?from=2026-11-20&to=2026-11-26');
    expect(data.range).toEqual({ from: '2026-11-20', to: '2026-11-26', unit: 'day' });
    expect(data.points).toHaveLength(7);
    // a1 came at 00:30 on the 21st in Tokyo; the rest of the tree in January or September.
    const created = data.points.filter((point) => point.total > 0).map((point) => [point.period, point.byType]);
    expect(created).toEqual([['2026-11-21', { OEM_MASTER: 0, OEM_ADMIN: 0, USER: 1 }]]);
    // Companies are every customer account made, contracted or not.
    expect(data.toDate.byType).toEqual({ OEM_MASTER: 2, OEM_ADMIN: 1, USER: 9 });
    expect(data.toDate.total).toBe(12);
  });

  it('counts by month, the first period starting at the range’s start', async () => {
    const data = await get<RegistrationData>(cookies.oemA, '/api/dashboard/registration-data?from=2026-09-10&to=2026-11-25&unit=month');
    expect(data.points.map((point) => [point.period, point.total])).toEqual([
      ['2026-09-10', 1],
      ['2026-10-01', 0],
      ['2026-11-01', 1],
    ]);
    // A's branch: its OEM admin and three customers, not itself, its sub-admin, nor B's or the platform's users.
    expect(data.toDate.byType).toEqual({ OEM_MASTER: 0, OEM_ADMIN: 1, USER: 3 });
    expect(data.inRange.total).toBe(2);
  });

  it('counts the sites of the caller’s branch per period, and how many are live', async () => {
    const platform = await get<UserSite>(cookies.master, '/api/dashboard/user-site?from=2026-10-01&to=2026-11-26&unit=month');
    expect(platform.points).toEqual([
      { period: '2026-10-01', sites: 1 },
      { period: '2026-11-01', sites: 5 },
    ]);
    expect([platform.inRange, platform.toDate, platform.published]).toEqual([6, 6, 2]);
    const oem = await get<UserSite>(cookies.oemA, '/api/dashboard/user-site?from=2026-11-20&to=2026-11-26');
    expect(oem.points.filter((point) => point.sites > 0)).toEqual([
      { period: '2026-11-21', sites: 1 },
      { period: '2026-11-24', sites: 1 },
    ]);
    // a1's two and a3's one; A's own site and B's customer's are not A's customers'.
    expect([oem.inRange, oem.toDate, oem.published]).toEqual([2, 3, 2]);
  });
});

describe('who may read a dashboard (B §6)', () => {
  it('refuses a user and an OEM admin (403), and nobody signed in (401)', async () => {
    for (const path of ['/api/dashboard/revenue', '/api/dashboard/adoption-by-plan', '/api/dashboard/registration-data', '/api/dashboard/user-site']) {
      expect((await ctx.request(path, { headers: { cookie: cookies.d1 } })).status).toBe(403);
      expect((await ctx.request(path, { headers: { cookie: cookies.oemAdminA } })).status).toBe(403);
      expect((await ctx.request(path, { headers: { cookie: '' } })).status).toBe(401);
    }
  });
});

describe('date rules (B §5, B §8 messages)', () => {
  async function refusal(path: string, lang = 'en') {
    const response = await ctx.request(path, { headers: { 'accept-language': lang } });
    const body = (await response.json()) as { key: string; message: string; issues: { path: string[] }[] };
    return { status: response.status, key: body.key, message: body.message, path: body.issues[0]?.path };
  }

  it('refuses a day after today and a start over a year back, in the caller’s language', async () => {
    expect(await refusal('/api/dashboard/registration-data?from=2026-11-01&to=2026-11-27')).toEqual({
      status: 400,
      key: 'reportFutureDate',
      message: 'to: Future months cannot be selected.',
      path: ['to'],
    });
    expect((await refusal('/api/dashboard/user-site?from=2025-11-25&to=2026-01-31', 'ja')).message).toBe('from: 1年以上前の日付は選択できません。');
    expect((await refusal('/api/dashboard/user-site?from=2026-11-10&to=2026-11-09')).key).toBe('invalidDateRange');
    expect((await ctx.request('/api/dashboard/user-site?from=2025-11-26&to=2026-11-26')).status).toBe(200);
  });

  it('refuses a month after the current one and one before the month a year back', async () => {
    expect(await refusal('/api/dashboard/revenue?from=2026-10&to=2026-12')).toMatchObject({ status: 400, key: 'reportFutureDate', path: ['to'] });
    expect(await refusal('/api/dashboard/revenue?from=2025-10&to=2026-11')).toMatchObject({ status: 400, key: 'reportOverYearAgo', path: ['from'] });
    expect((await refusal('/api/dashboard/revenue?from=2026-11&to=2026-10', 'ko')).key).toBe('invalidDateRange');
    expect(await refusal('/api/dashboard/adoption-by-plan?month=2026-12')).toMatchObject({ status: 400, key: 'reportFutureDate', path: ['month'] });
    expect((await ctx.request('/api/dashboard/revenue?from=2025-11&to=2026-11')).status).toBe(200);
  });

  it('refuses a malformed month or unit', async () => {
    expect((await ctx.request('/api/dashboard/revenue?from=2026-13')).status).toBe(400);
    expect((await ctx.request('/api/dashboard/user-site?unit=week')).status).toBe(400);
  });
});
