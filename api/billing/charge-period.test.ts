import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerType } from '@hono/node-server';
import { accounts } from '../db/schema.ts';
import { invoices, payments } from '../db/schema-billing.ts';
import { listen } from '../server.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';
import { chargeBilledMonth } from './charge-period.ts';
import { seedInvoice } from './payments-test-support.ts';
import { stripeProvider } from './stripe-provider.ts';
import { startTestProviderServer, type TestProviderServer } from './test-provider-server.ts';

let provider: TestProviderServer;
let ctx: TestContext;
let server: ServerType;
let masterId: string;

beforeAll(async () => {
  provider = await startTestProviderServer();
  ctx = await createTestContext({ paymentProvider: stripeProvider({ secretKey: provider.secretKey, webhookSecret: provider.webhookSecret, apiBase: provider.apiBase }) });
  const listening = await listen(ctx.admin, 0, '127.0.0.1');
  server = listening.server;
  provider.setWebhookUrl(`http://127.0.0.1:${listening.port}/api/payment/webhook`);
  masterId = ctx.db.select().from(accounts).get()!.id;
});

afterAll(async () => {
  await provider.settled();
  await new Promise((resolve) => server.close(resolve));
  await provider.close();
  await ctx.cleanup();
});

/** A direct user whose card was saved through the provider's hosted page, as a browser saves it. */
async function customerWithCard(cardNumber: string): Promise<string> {
  const user = await addAccount(ctx.db, { type: 'USER', parentId: masterId, planId: 'standard' });
  const { url } = (await (await ctx.request(`/api/user/${user.id}/card/setup`, { method: 'POST' })).json()) as { url: string };
  const done = await fetch(url, { method: 'POST', body: new URLSearchParams({ cardNumber, expiry: '11/31', cvc: '123' }), redirect: 'manual' });
  expect(done.status).toBe(303);
  await provider.settled();
  return user.id;
}

const statusOf = (id: string) => ctx.db.select({ status: invoices.paymentStatus }).from(invoices).where(eq(invoices.id, id)).get()?.status;

describe('collecting a billed month', () => {
  it('charges each unpaid card invoice of the month once, leaves transfers, other months and declines for the operator', async () => {
    const good = await customerWithCard('4242424242424242');
    const declining = await customerWithCard('4000000000009995');
    const paying = seedInvoice(ctx.db, { accountId: good, period: '2026-10' });
    const declined = seedInvoice(ctx.db, { accountId: declining, period: '2026-10' });
    const transfer = seedInvoice(ctx.db, { accountId: good, period: '2026-09', billingMethod: 'bank_transfer' });
    const otherMonth = seedInvoice(ctx.db, { accountId: declining, period: '2026-08' });

    expect(await chargeBilledMonth(ctx.db, stripeProvider({ secretKey: provider.secretKey, webhookSecret: provider.webhookSecret, apiBase: provider.apiBase }), '2026-10')).toEqual({
      charged: 1,
      failed: 1,
    });
    await provider.settled();
    expect(statusOf(paying.id)).toBe('paid');
    expect(statusOf(declined.id)).toBe('failed');
    expect(statusOf(transfer.id)).toBe('unpaid');
    expect(statusOf(otherMonth.id)).toBe('unpaid');

    // A second collection of the same month charges nothing: the paid one is done, the failed one waits for the operator.
    expect(await chargeBilledMonth(ctx.db, stripeProvider({ secretKey: provider.secretKey, webhookSecret: provider.webhookSecret, apiBase: provider.apiBase }), '2026-10')).toEqual({
      charged: 0,
      failed: 0,
    });
    expect(ctx.db.select().from(payments).where(eq(payments.invoiceId, paying.id)).all()).toHaveLength(1);
  });
});
