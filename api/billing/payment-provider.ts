/**
 * What the billing area asks of a card payment provider. The one implementation speaks Stripe's
 * API (`stripe-provider.ts`); tests point it at a local server speaking the same requests
 * (`test-provider-server.ts`), so the adapter under test is the real one.
 */

export type SavedCard = { brand: string; last4: string; expMonth: number; expYear: number };

/** What a charge attempt came to at once: accepted (the webhook confirms it), or declined with the provider's code. */
export type ChargeResult = { outcome: 'accepted'; ref: string } | { outcome: 'declined'; ref: string | null; failureCode: string };

/**
 * A verified webhook event, in the billing area's words (`paymentId`: ours, from the charge's
 * metadata, since the event may arrive before the charge's answer told us the provider's ref);
 * `ignored` for the types it does not act on.
 */
export type ProviderEvent =
  | { kind: 'card_saved'; id: string; type: string; customerId: string; methodId: string; card: SavedCard }
  | { kind: 'payment_succeeded'; id: string; type: string; ref: string; paymentId: string | null }
  | { kind: 'payment_failed'; id: string; type: string; ref: string; paymentId: string | null; failureCode: string }
  | { kind: 'ignored'; id: string; type: string };

export type PaymentProvider = {
  createCustomer(input: { accountId: string; email: string; name: string }): Promise<string>;
  /** A hosted page where the customer enters a card; the browser comes back to one of the two addresses. */
  startCardSetup(input: { customerId: string; accountId: string; successUrl: string; cancelUrl: string }): Promise<{ url: string }>;
  /** Charges the saved method off-session; the same `idempotencyKey` never charges twice. */
  charge(input: { customerId: string; methodId: string; amount: number; invoiceId: string; paymentId: string; idempotencyKey: string }): Promise<ChargeResult>;
  /** Checks the signature over the raw body (and its age) and reads the event; null when the signature does not hold. */
  readWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent | null>;
};
