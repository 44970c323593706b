import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerType } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import { accounts } from '../db/schema.ts';
import { auditLog, invoices, paymentCards, payments, providerEvents } from '../db/schema-billing.ts';
import { listen } from '../server.ts';
import { addAccount, ADMIN_ORIGIN, createTestContext, type TestContext } from '../test-support.ts';
import { startCardSetup } from './card-setup.ts';
import { chargeInvoice } from './charge-invoice.ts';
import { chargeBilledMonth } from './charge-period.ts';
import { seedInvoice } from './payments-test-support.ts';
import { stripeProvider } from './stripe-provider.ts';
import { startTestProviderServer, type TestProviderServer } from './test-provider-server.ts';

/**
 * Payments against the local provider server: the adapter is the real one (the `stripe` package
 * over HTTP), webhooks are signed by the server and sent to the admin app listening on a port.
 */

let provider: TestProviderServer;
let ctx: TestContext;
let server: ServerType;
let adminPort: number;
let masterId: string;

beforeAll(async () => {
  provider = await startTestProviderServer();
  ctx = await createTestContext({ paymentProvider: stripeProvider({ secretKey: provider.secretKey, webhookSecret: provider.webhookSecret, apiBase: provider.apiBase }) });
  const listening = await listen(ctx.admin, 0, '127.0.0.1');
  server = listening.server;
  adminPort = listening.port;
  provider.setWebhookUrl(`http://127.0.0.1:${listening.port}/api/payment/webhook`);
  masterId = (await ctx.db.select().from(accounts).get())!.id;
});

afterAll(async () => {
  await provider.settled();
  await new Promise((resolve) => server.close(resolve));
  await provider.close();
  await ctx.cleanup();
});

const invoiceOf = async (id: string) => (await ctx.db.select().from(invoices).where(eq(invoices.id, id)).get())!;

/** A direct user with a card saved through the hosted checkout page, as a browser would. */
async function customerWithCard(cardNumber = '4242424242424242'): Promise<string> {
  const user = await addAccount(ctx.db, { type: 'USER', parentId: masterId, planId: 'standard' });
  const setup = await ctx.request(`/api/user/${user.id}/card/setup`, { method: 'POST' });
  expect(setup.status).toBe(200);
  const { url } = (await setup.json()) as { url: string };
  const done = await fetch(url, { method: 'POST', body: new URLSearchParams({ cardNumber, expiry: '11/31', cvc: '123' }), redirect: 'manual' });
  expect(done.status).toBe(303);
  // Back to the console at ADMIN_ORIGIN.
  expect(done.headers.get('location')).toBe(`${ADMIN_ORIGIN}/master/payments?card=saved`);
  await provider.settled();
  return user.id;
}

function charge(accountId: string, invoiceId: string) {
  return ctx.request(`/api/user/${accountId}/bill/${invoiceId}/charge`, { method: 'POST' });
}

describe('card registration', () => {
  it('stores the brand, last four digits and expiry the provider reports after the hosted setup', async () => {
    const accountId = await customerWithCard();
    const card = await (await ctx.request(`/api/user/${accountId}/card`)).json();
    expect(card).toEqual({ cardBilling: true, card: { brand: 'visa', last4: '4242', expMonth: 11, expYear: 2031 } });
    expect((await ctx.db.select().from(paymentCards).where(eq(paymentCards.accountId, accountId)).get())?.providerMethodId).toMatch(/^pm_/);
  });

  it('keeps no card when the provider declines it on the hosted page', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: masterId, planId: 'standard' });
    const { url } = (await (await ctx.request(`/api/user/${user.id}/card/setup`, { method: 'POST' })).json()) as { url: string };
    const declined = await fetch(url, { method: 'POST', body: new URLSearchParams({ cardNumber: '4000000000000002', expiry: '11/31', cvc: '123' }), redirect: 'manual' });
    expect(declined.status).toBe(402);
    await provider.settled();
    expect(await (await ctx.request(`/api/user/${user.id}/card`)).json()).toEqual({ cardBilling: true, card: null });
  });

  it('sends the browser back to ADMIN_ORIGIN after the hosted page, whatever Host the setup was asked on', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: masterId, planId: 'standard' });
    const cookie = await ctx.login();
    // A crafted Host, as a link or a proxy that passes any name on could send it.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port: adminPort, method: 'POST', path: `/api/user/${user.id}/card/setup`, headers: { host: 'evil.example', cookie } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.once('error', reject);
      request.end();
    });
    expect(answer.status).toBe(200);
    const { url } = JSON.parse(answer.body) as { url: string };
    const page = await (await fetch(url)).text();
    const cancel = /<a href="([^"]*)">Cancel<\/a>/.exec(page)?.[1]?.replaceAll('&amp;', '&');
    expect(cancel).toBe(`${ADMIN_ORIGIN}/master/payments?card=cancelled`);
    const saved = await fetch(url, { method: 'POST', body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '11/31', cvc: '123' }), redirect: 'manual' });
    expect(saved.headers.get('location')).toBe(`${ADMIN_ORIGIN}/master/payments?card=saved`);
    expect(`${page} ${saved.headers.get('location')}`).not.toContain('evil.example');
    await provider.settled();
  });

  it('answers "An error occurred while adding the card" when the provider cannot be reached', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: masterId, planId: 'standard' });
    const unreachable = stripeProvider({ secretKey: provider.secretKey, webhookSecret: provider.webhookSecret, apiBase: 'http://127.0.0.1:9' });
    await expect(startCardSetup(ctx.db, unreachable, { accountId: user.id, returnUrl: 'http://localhost:3000/master/payments' })).rejects.toMatchObject({ key: 'cardAddFailed' });
  });
});

describe('card charges', () => {
  it('is processing after the charge and paid once the signed payment_intent.succeeded arrives', async () => {
    const accountId = await customerWithCard();
    const invoice = await seedInvoice(ctx.db, { accountId, period: '2026-10', planFee: 50_000, pvFee: 1_200 });
    const response = await charge(accountId, invoice.id);
    // The answer is the state the charge left: the provider's webhook may already have made it paid.
    expect(['processing', 'paid']).toContain(((await response.json()) as { status: string }).status);
    const intent = [...provider.paymentIntents.values()].find((one) => (one.metadata as Record<string, string>).invoiceId === invoice.id);
    expect(intent).toMatchObject({ amount: invoice.total, currency: 'jpy', status: 'succeeded' });
    await provider.settled();
    expect(await invoiceOf(invoice.id)).toMatchObject({ paymentStatus: 'paid' });
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id)).all()).toMatchObject([{ status: 'paid', providerRef: intent!.id, amount: invoice.total }]);
  });

  it('is failed with the decline code when the card is declined, and the failure webhook leaves it so', async () => {
    const accountId = await customerWithCard('4000000000009995');
    const invoice = await seedInvoice(ctx.db, { accountId, period: '2026-10' });
    expect(await (await charge(accountId, invoice.id)).json()).toEqual({ status: 'failed' });
    await provider.settled();
    expect(provider.deliveries.at(-1)).toMatchObject({ type: 'payment_intent.payment_failed', status: 200 });
    expect((await invoiceOf(invoice.id)).paymentStatus).toBe('failed');
    const bills = (await (await ctx.request(`/api/user/${accountId}/bill`)).json()) as { payments: { invoiceId: string; status: string; failureCode: string }[] };
    expect(bills.payments).toMatchObject([{ invoiceId: invoice.id, status: 'failed', failureCode: 'insufficient_funds' }]);
  });

  it('charges once when the same invoice is charged by parallel requests, and refuses a charge once it is paid', async () => {
    const accountId = await customerWithCard();
    const invoice = await seedInvoice(ctx.db, { accountId, period: '2026-09' });
    // Requests overlapping the first attempt resend it under its idempotency key: the provider answers the same intent.
    const answers = await Promise.all([1, 2, 3, 4].map(() => charge(accountId, invoice.id)));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 400)).toBe(true);
    await provider.settled();
    expect([...provider.paymentIntents.values()].filter((one) => (one.metadata as Record<string, string>).invoiceId === invoice.id)).toHaveLength(1);
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id)).all()).toHaveLength(1);
    expect((await invoiceOf(invoice.id)).paymentStatus).toBe('paid');
    expect((await charge(accountId, invoice.id)).status).toBe(400);
  });

  it('resends an attempt that never got its answer with the same idempotency key, so the provider charges once', async () => {
    const accountId = await customerWithCard();
    const invoice = await seedInvoice(ctx.db, { accountId, period: '2026-08' });
    // As a crash between the request and its answer leaves it: the attempt recorded, no provider ref.
    await ctx.db.update(invoices).set({ paymentStatus: 'processing' }).where(eq(invoices.id, invoice.id)).run();
    await ctx.db
      .insert(payments)
      .values({ id: `crashed-${invoice.id}`, invoiceId: invoice.id, method: 'card', status: 'processing', amount: invoice.total })
      .run();
    expect((await charge(accountId, invoice.id)).status).toBe(200);
    await provider.settled();
    const intents = [...provider.paymentIntents.values()].filter((one) => (one.metadata as Record<string, string>).invoiceId === invoice.id);
    expect(intents).toHaveLength(1);
    expect(provider.requests.filter((request) => request.idempotencyKey === `charge-crashed-${invoice.id}`)).toHaveLength(1);
    expect((await invoiceOf(invoice.id)).paymentStatus).toBe('paid');
  });

  it('answers 503 when the provider cannot be reached, and a later charge resends the same attempt', async () => {
    const accountId = await customerWithCard();
    const invoice = await seedInvoice(ctx.db, { accountId, period: '2026-04' });
    const unreachable = stripeProvider({ secretKey: provider.secretKey, webhookSecret: provider.webhookSecret, apiBase: 'http://127.0.0.1:9' });
    await expect(chargeInvoice(ctx.db, unreachable, invoice.id, accountId)).rejects.toMatchObject({ status: 503, key: 'paymentProviderError' });
    const [attempt] = await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id)).all();
    expect(attempt).toMatchObject({ status: 'processing', providerRef: null });
    // Resent under the same key; the provider's webhook may make it paid before the answer.
    expect(['processing', 'paid']).toContain(((await (await charge(accountId, invoice.id)).json()) as { status: string }).status);
    expect(provider.requests.filter((request) => request.idempotencyKey === `charge-${attempt!.id}`)).toHaveLength(1);
  });

  it('refuses to charge a bank-transfer invoice or one already paid', async () => {
    const accountId = await customerWithCard();
    const transfer = await seedInvoice(ctx.db, { accountId, period: '2026-07', billingMethod: 'bank_transfer' });
    const paid = await seedInvoice(ctx.db, { accountId, period: '2026-06', paymentStatus: 'paid' });
    for (const id of [transfer.id, paid.id]) expect(await (await charge(accountId, id)).json()).toMatchObject({ key: 'paymentNotChargeable' });
  });
});

describe('webhooks', () => {
  const event = (id: string) =>
    JSON.stringify({ id, object: 'event', type: 'customer.created', api_version: '2025-01-01', created: 1, livemode: false, data: { object: { id: 'cus_x', object: 'customer' } } });
  const post = (body: string, signature?: string) =>
    ctx.request('/api/payment/webhook', { method: 'POST', body, headers: { cookie: '', 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });

  it('refuses a forged, stale or missing signature with 400 and records nothing', async () => {
    const body = event('evt_forged');
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [provider.sign(body, now, 'whsec_not_the_secret'), provider.sign(body, now - 3600), undefined]) {
      const response = await post(body, signature);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ key: 'webhookSignatureInvalid' });
    }
    // The body changed after signing: the signature is over the bytes as sent.
    expect((await post(event('evt_other'), provider.sign(body, now))).status).toBe(400);
    expect(await ctx.db.select().from(providerEvents).where(eq(providerEvents.id, 'evt_forged')).get()).toBeUndefined();
  });

  it('acknowledges a replayed event and applies it only once', async () => {
    const accountId = await customerWithCard();
    const invoice = await seedInvoice(ctx.db, { accountId, period: '2026-05' });
    await charge(accountId, invoice.id);
    await provider.settled();
    const succeeded = provider.deliveries.filter((delivery) => delivery.type === 'payment_intent.succeeded').at(-1)!;
    // Put the state back as before the event: a replay that were applied again would make it paid.
    await ctx.db.update(invoices).set({ paymentStatus: 'processing' }).where(eq(invoices.id, invoice.id)).run();
    const replayed = await provider.resend(succeeded.eventId);
    expect(replayed).toBe(200);
    expect((await invoiceOf(invoice.id)).paymentStatus).toBe('processing');
    expect(await ctx.db.select().from(providerEvents).where(eq(providerEvents.id, succeeded.eventId)).all()).toHaveLength(1);
  });
});

describe('force-complete', () => {
  const forceComplete = (accountId: string, invoiceId: string, body: unknown, cookie?: string) =>
    ctx.request(`/api/user/${accountId}/bill/${invoiceId}/force-complete`, { method: 'POST', json: body, ...(cookie ? { headers: { cookie } } : {}) });

  it('needs the confirmation that it cannot be undone, then completes and writes the audit row', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: masterId, planId: 'standard' });
    const invoice = await seedInvoice(ctx.db, { accountId: user.id, period: '2026-10', billingMethod: 'bank_transfer' });
    const unconfirmed = await forceComplete(user.id, invoice.id, { reason: 'Paid in cash at the office' });
    expect(unconfirmed.status).toBe(400);
    expect((await invoiceOf(invoice.id)).paymentStatus).toBe('unpaid');
    const done = await forceComplete(user.id, invoice.id, { reason: 'Paid in cash at the office', confirm: true });
    expect(await done.json()).toEqual({ status: 'completed' });
    expect((await invoiceOf(invoice.id)).paymentStatus).toBe('completed');
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, invoice.id)).all()).toMatchObject([
      { actorId: masterId, action: 'payment.force_complete', subjectType: 'invoice', detail: { reason: 'Paid in cash at the office', before: 'unpaid', after: 'completed' } },
    ]);
    expect(await (await forceComplete(user.id, invoice.id, { reason: 'again', confirm: true })).json()).toMatchObject({ key: 'paymentNotForceCompletable' });
  });

  it('completes once under parallel requests, with one audit row', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: masterId, planId: 'standard' });
    const invoice = await seedInvoice(ctx.db, { accountId: user.id, period: '2026-10', paymentStatus: 'failed' });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => forceComplete(user.id, invoice.id, { reason: `operator ${n}`, confirm: true })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, invoice.id)).all()).toHaveLength(1);
  });

  it('is refused to an OEM master and for a paid invoice, and changes nothing', async () => {
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', parentId: masterId, planId: 'oem-multilingual' });
    const customer = await addAccount(ctx.db, { type: 'USER', parentId: oem.id, planId: 'standard' });
    const unpaid = await seedInvoice(ctx.db, { accountId: customer.id, period: '2026-10', issuerId: oem.id });
    const paid = await seedInvoice(ctx.db, { accountId: customer.id, period: '2026-09', paymentStatus: 'paid', issuerId: oem.id });
    const oemCookie = await ctx.loginAs(oem.email, oem.password);
    expect((await forceComplete(customer.id, unpaid.id, { reason: 'mine', confirm: true }, oemCookie)).status).toBe(403);
    expect((await forceComplete(customer.id, paid.id, { reason: 'paid already', confirm: true })).status).toBe(400);
    expect([(await invoiceOf(unpaid.id)).paymentStatus, (await invoiceOf(paid.id)).paymentStatus]).toEqual(['unpaid', 'paid']);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, unpaid.id)).all()).toEqual([]);
  });
});

describe('bank transfer', () => {
  it('marks an unpaid transfer invoice paid with the transfer name, once', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: masterId, planId: 'standard' });
    const invoice = await seedInvoice(ctx.db, { accountId: user.id, period: '2026-10', billingMethod: 'bank_transfer' });
    const mark = () => ctx.request(`/api/user/${user.id}/bill/${invoice.id}/transfer-paid`, { method: 'POST', json: { transferName: 'ｶ)ﾃｽﾄｼｮｳｼﾞ' } });
    const answers = await Promise.all([mark(), mark()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ paymentStatus: 'paid', transferName: 'ｶ)ﾃｽﾄｼｮｳｼﾞ' });
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id)).all()).toMatchObject([{ method: 'bank_transfer', status: 'paid', amount: invoice.total }]);
  });
});

describe('payment list', () => {
  it('exports as CSV exactly the rows the list shows for the same filters, and an OEM master sees its branch only', async () => {
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', parentId: masterId, planId: 'oem-multilingual' });
    const customers = await Promise.all([1, 2, 3].map(async () => await addAccount(ctx.db, { type: 'USER', parentId: oem.id, planId: 'standard' })));
    const outsider = await addAccount(ctx.db, { type: 'USER', parentId: masterId, planId: 'standard' });
    for (const [index, customer] of customers.entries()) {
      await seedInvoice(ctx.db, { accountId: customer.id, period: '2030-01', planFee: 10_000 * (index + 1), pvFee: 500, licenseFee: 2_000, issuerId: oem.id });
      await seedInvoice(ctx.db, { accountId: customer.id, period: '2030-02', paymentStatus: index === 0 ? 'paid' : 'unpaid', issuerId: oem.id });
    }
    await seedInvoice(ctx.db, { accountId: outsider.id, period: '2030-01' });
    const oemCookie = await ctx.loginAs(oem.email, oem.password);
    const list = async (query: string) => ((await (await ctx.request(`/api/payment?${query}`, { headers: { cookie: oemCookie } })).json()) as { payments: Record<string, unknown>[] }).payments;
    const csv = async (query: string) => {
      const response = await ctx.request(`/api/payment/export-csv?${query}`, { headers: { cookie: oemCookie } });
      expect(response.headers.get('content-type')).toContain('text/csv');
      const text = (await response.text()).replace(/^\uFEFF/, '');
      return Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
    };
    for (const query of ['month=2030-01', 'month=2030-02&status=unpaid', 'status=paid']) {
      const rows = await list(query);
      const file = await csv(query);
      expect(file.map((row) => [row.invoiceId, Number(row.total), row.status, Number(row.planFee)])).toEqual(rows.map((row) => [row.invoiceId, row.total, row.status, row.planFee]));
    }
    expect((await list('month=2030-01')).map((row) => Number(row.planFee)).sort((a, b) => a - b)).toEqual([10_000, 20_000, 30_000]);
    expect(await list('month=2030-02&status=unpaid')).toHaveLength(2);
    expect((await list('month=2030-01')).some((row) => row.accountId === outsider.id)).toBe(false);
    const platform = (await (await ctx.request('/api/payment?month=2030-01')).json()) as { payments: { accountId: string }[] };
    expect(platform.payments.map((row) => row.accountId)).toContain(outsider.id);
  });
});

describe('collecting a billed month', () => {
  it('charges each unpaid card invoice of the month once, leaves transfers, other months and declines for the operator', async () => {
    const adapter = stripeProvider({ secretKey: provider.secretKey, webhookSecret: provider.webhookSecret, apiBase: provider.apiBase });
    const good = await customerWithCard();
    const declining = await customerWithCard('4000000000009995');
    const paying = await seedInvoice(ctx.db, { accountId: good, period: '2025-03' });
    const declined = await seedInvoice(ctx.db, { accountId: declining, period: '2025-03' });
    const transfer = await seedInvoice(ctx.db, { accountId: good, period: '2025-02', billingMethod: 'bank_transfer' });
    const otherMonth = await seedInvoice(ctx.db, { accountId: declining, period: '2025-01' });

    expect(await chargeBilledMonth(ctx.db, adapter, '2025-03')).toEqual({
      charged: 1,
      failed: 1,
    });
    await provider.settled();
    expect((await invoiceOf(paying.id)).paymentStatus).toBe('paid');
    expect((await invoiceOf(declined.id)).paymentStatus).toBe('failed');
    expect((await invoiceOf(transfer.id)).paymentStatus).toBe('unpaid');
    expect((await invoiceOf(otherMonth.id)).paymentStatus).toBe('unpaid');

    // A second collection of the same month charges nothing: the paid one is done, the failed one waits for the operator.
    expect(await chargeBilledMonth(ctx.db, adapter, '2025-03')).toEqual({
      charged: 0,
      failed: 0,
    });
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, paying.id)).all()).toHaveLength(1);
  });
});
