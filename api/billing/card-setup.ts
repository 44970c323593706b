import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { cardStateSchema } from '../../model/payment.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { paymentCards } from '../db/schema-billing.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** The card on file and whether card billing is on at all (no provider key: off, and the screens say so). */
export async function cardState(db: Db, accountId: string, provider: PaymentProvider | null): Promise<z.input<typeof cardStateSchema>> {
  const row = await db.select().from(paymentCards).where(eq(paymentCards.accountId, accountId)).get();
  const card = row?.brand && row.last4 && row.expMonth && row.expYear ? { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear } : null;
  return { cardBilling: provider !== null, card };
}

/**
 * Starts registering or changing the account's card on the provider's hosted page (Stripe.js
 * cannot be loaded in the console, spec B §8's message on failure): the account's customer at
 * the provider is made once (its idempotency key is the account's), then a setup session whose
 * success and cancel addresses bring the browser back to the console. The card itself is stored
 * when the provider's signed webhook says the setup succeeded.
 */
export async function startCardSetup(db: Db, provider: PaymentProvider | null, input: { accountId: string; returnUrl: string }): Promise<{ url: string }> {
  if (!provider) throw new AppError('bad_request', 'cardBillingOff');
  const account = await db.select({ email: accounts.email, companyName: accounts.companyName }).from(accounts).where(eq(accounts.id, input.accountId)).get();
  if (!account) throw new AppError('not_found', 'userDoesNotExist');
  try {
    let customerId = (await db.select({ id: paymentCards.providerCustomerId }).from(paymentCards).where(eq(paymentCards.accountId, input.accountId)).get())?.id;
    if (!customerId) {
      const created = await provider.createCustomer({ accountId: input.accountId, email: account.email, name: account.companyName });
      await db.insert(paymentCards).values({ accountId: input.accountId, providerCustomerId: created }).onConflictDoNothing().run();
      customerId = (await db.select({ id: paymentCards.providerCustomerId }).from(paymentCards).where(eq(paymentCards.accountId, input.accountId)).get())?.id ?? created;
    }
    const back = (outcome: string) => `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}card=${outcome}`;
    return await provider.startCardSetup({ customerId, accountId: input.accountId, successUrl: back('saved'), cancelUrl: back('cancelled') });
  } catch (error) {
    if (error instanceof AppError) throw error;
    console.error('card setup failed:', error);
    throw new AppError('unavailable', 'cardAddFailed');
  }
}
