import Stripe from 'stripe';
import type { ChargeResult, PaymentProvider, ProviderEvent, SavedCard } from './payment-provider.ts';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the API (the local provider server of the tests); Stripe's own when absent. */
  apiBase?: string;
  /** Seconds a webhook's signed timestamp may be old: Stripe's default, 300. */
  toleranceSeconds?: number;
};

/** The JPY amounts are whole yen: Stripe treats JPY as a zero-decimal currency, so the yen figure is sent as is. */
const CURRENCY = 'jpy';

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  // A retried request reuses its idempotency key (the library adds one to every POST), so a retry never charges twice.
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 60_000, telemetry: false };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...options, host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

function cardOf(method: Stripe.PaymentMethod): SavedCard | null {
  const card = method.card;
  if (!card) return null;
  return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

const idOf = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === 'string' ? value : value.id);

/** The code a failed payment keeps: the issuer's decline code when given, else the error's code. */
function failureCodeOf(error: { code?: string | null; decline_code?: string | null } | null | undefined): string {
  return error?.decline_code ?? error?.code ?? 'unknown';
}

/**
 * The card payment provider on Stripe's API (the `stripe` package): customers, Checkout in
 * `setup` mode for entering a card on Stripe's hosted page, off-session PaymentIntents, and
 * signed webhooks.
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  if (!settings.secretKey || !settings.webhookSecret) throw new Error('stripeProvider needs a secret key and a webhook secret');
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase));

  async function savedCardEvent(event: Stripe.Event, setupIntentId: string): Promise<ProviderEvent> {
    const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
    const method = intent.payment_method;
    const customerId = idOf(intent.customer);
    if (intent.status !== 'succeeded' || method === null || typeof method === 'string' || customerId === null) return { kind: 'ignored', id: event.id, type: event.type };
    const card = cardOf(method);
    if (!card) return { kind: 'ignored', id: event.id, type: event.type };
    return { kind: 'card_saved', id: event.id, type: event.type, customerId, methodId: method.id, card };
  }

  return {
    async createCustomer({ accountId, email, name }) {
      const customer = await stripe.customers.create({ email, name, metadata: { accountId } }, { idempotencyKey: `customer-${accountId}` });
      return customer.id;
    },

    async startCardSetup({ customerId, accountId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        currency: CURRENCY,
        customer: customerId,
        client_reference_id: accountId,
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
      return { url: session.url };
    },

    async charge({ customerId, methodId, amount, invoiceId, paymentId, idempotencyKey }): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          { amount, currency: CURRENCY, customer: customerId, payment_method: methodId, confirm: true, off_session: true, metadata: { invoiceId, paymentId } },
          { idempotencyKey },
        );
        if (intent.status === 'requires_payment_method' || intent.status === 'canceled') return { outcome: 'declined', ref: intent.id, failureCode: failureCodeOf(intent.last_payment_error) };
        return { outcome: 'accepted', ref: intent.id };
      } catch (error) {
        // A decline is an answer, not a fault: Stripe answers 402 with the intent it made.
        if (error instanceof Stripe.errors.StripeCardError) return { outcome: 'declined', ref: error.payment_intent?.id ?? null, failureCode: failureCodeOf(error) };
        throw error;
      }
    },

    async readWebhook(rawBody, signature) {
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, settings.toleranceSeconds ?? 300);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
        throw error;
      }
      switch (event.type) {
        case 'checkout.session.completed': {
          const setupIntent = idOf(event.data.object.setup_intent);
          return event.data.object.mode === 'setup' && setupIntent ? savedCardEvent(event, setupIntent) : { kind: 'ignored', id: event.id, type: event.type };
        }
        case 'setup_intent.succeeded':
          return savedCardEvent(event, event.data.object.id);
        case 'payment_intent.succeeded':
          return { kind: 'payment_succeeded', id: event.id, type: event.type, ref: event.data.object.id, paymentId: event.data.object.metadata.paymentId ?? null };
        case 'payment_intent.payment_failed':
          return {
            kind: 'payment_failed',
            id: event.id,
            type: event.type,
            ref: event.data.object.id,
            paymentId: event.data.object.metadata.paymentId ?? null,
            failureCode: failureCodeOf(event.data.object.last_payment_error),
          };
        default:
          return { kind: 'ignored', id: event.id, type: event.type };
      }
    },
  };
}
