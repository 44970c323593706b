import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's API, for tests and local trials: a real HTTP server speaking the
 * subset the adapter (`stripe-provider.ts`) uses, as the `stripe` package sends and parses it:
 * form-encoded bodies, a Bearer key, idempotency keys, error objects (a decline answers 402
 * `card_error`), a hosted Checkout page in `setup` mode that saves a card on a POST, and
 * webhooks signed as Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, t.payload)`).
 *
 * Test cards, as Stripe documents them: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is
 * declined when saved (`card_declined`); 4000 0000 0000 0341 is saved and declined when charged
 * (`card_declined` / `generic_decline`); 4000 0000 0000 9995 is saved and declined for
 * `insufficient_funds`.
 */

type Json = Record<string, unknown>;
type Card = { brand: string; last4: string; exp_month: number; exp_year: number; number: string };
type Delivery = { eventId: string; type: string; status: number };

export type TestProviderServer = {
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are sent (the app's webhook address), once the app listens; null: events are kept, not sent. */
  setWebhookUrl(url: string | null): void;
  /** Waits for every webhook sent so far to be answered. */
  settled(): Promise<void>;
  /** Every webhook answered, in order. */
  deliveries: Delivery[];
  /** Every API request, as the adapter made it. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  /** PaymentIntents made, by id. */
  paymentIntents: Map<string, Json>;
  /** Sends an event already sent once more, byte for byte with a fresh signature (a provider retry). */
  resend(eventId: string): Promise<number>;
  /** A Stripe-Signature header for `payload` at `timestamp` (seconds), with `secret` (the real one unless said). */
  sign(payload: string, timestamp: number, secret?: string): string;
  close(): Promise<void>;
};

const DECLINED_ON_SAVE = new Set(['4000000000000002']);
const DECLINED_ON_CHARGE: Readonly<Record<string, string>> = { '4000000000000002': 'generic_decline', '4000000000000341': 'generic_decline', '4000000000009995': 'insufficient_funds' };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`metadata[invoiceId]=…`, `expand[0]=…`) read back into nested objects. */
function parseForm(text: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let at: Json = out;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) at[part] = value;
      else {
        const next = at[part];
        if (typeof next === 'object' && next !== null) at = next as Json;
        else {
          const fresh: Json = {};
          at[part] = fresh;
          at = fresh;
        }
      }
    });
  }
  return out;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: Json): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

function stripeError(status: number, error: Json): { status: number; body: Json } {
  return { status, body: { error } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Starts the server on a free port of 127.0.0.1. */
export async function startTestProviderServer(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<TestProviderServer> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(8).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  let webhookUrl: string | null = null;
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const methods = new Map<string, Json & { card: Card }>();
  const paymentIntents = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const events = new Map<string, string>();
  const pending: Promise<unknown>[] = [];
  const deliveries: Delivery[] = [];
  const requests: TestProviderServer['requests'] = [];
  let base = '';

  const sign = (payload: string, timestamp: number, secret = webhookSecret) => `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

  async function deliver(eventId: string): Promise<number> {
    const payload = events.get(eventId);
    if (payload === undefined) throw new Error(`no event ${eventId}`);
    if (!webhookUrl) throw new Error('the webhook address is not set');
    const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, now()) }, body: payload });
    await response.arrayBuffer();
    deliveries.push({ eventId, type: (JSON.parse(payload) as { type: string }).type, status: response.status });
    return response.status;
  }

  function emit(type: string, object: Json): void {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    events.set(event.id, JSON.stringify(event, null, 2));
    if (webhookUrl) pending.push(deliver(event.id).catch(() => 0));
  }

  const publicMethod = (method: Json & { card: Card }): Json => {
    const { number: _number, ...card } = method.card;
    return { ...method, card };
  };

  function expandIntent(intent: Json, expand: unknown): Json {
    const wanted = Array.isArray(expand) ? expand : typeof expand === 'object' && expand !== null ? Object.values(expand) : [];
    const methodId = str(intent.payment_method);
    if (wanted.includes('payment_method') && methodId) {
      const method = methods.get(methodId);
      if (method) return { ...intent, payment_method: publicMethod(method) };
    }
    return intent;
  }

  function createPaymentIntent(params: Json): { status: number; body: Json } {
    const amount = Number(params.amount);
    const methodId = str(params.payment_method);
    const method = methodId ? methods.get(methodId) : undefined;
    if (!Number.isInteger(amount) || amount < 1 || !method)
      return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: 'amount and a saved payment_method are required' });
    const declineCode = DECLINED_ON_CHARGE[method.card.number];
    const id = newId('pi');
    const base = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: str(params.currency) ?? 'jpy',
      customer: str(params.customer),
      payment_method: methodId,
      metadata: params.metadata ?? {},
      created: now(),
      livemode: false,
    };
    if (declineCode) {
      const lastError = { type: 'card_error', code: 'card_declined', decline_code: declineCode, message: 'Your card was declined.', payment_method: publicMethod(method) };
      const intent = { ...base, status: 'requires_payment_method', last_payment_error: lastError };
      paymentIntents.set(id, intent);
      emit('payment_intent.payment_failed', intent);
      return stripeError(402, { ...lastError, payment_intent: intent });
    }
    const intent = { ...base, status: 'succeeded', amount_received: amount, last_payment_error: null };
    paymentIntents.set(id, intent);
    emit('payment_intent.succeeded', intent);
    return { status: 200, body: intent };
  }

  function api(method: string, path: string, params: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: str(params.email), name: str(params.name), metadata: params.metadata ?? {}, created: now(), livemode: false };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (params.mode !== 'setup') return stripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param: 'mode', message: 'only setup mode is served here' });
      if (!customers.has(str(params.customer) ?? '')) return stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: 'No such customer' });
      const id = newId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: 'setup',
        status: 'open',
        customer: params.customer,
        client_reference_id: str(params.client_reference_id),
        success_url: str(params.success_url),
        cancel_url: str(params.cancel_url),
        setup_intent: null,
        url: `${base}/checkout/${id}`,
        livemode: false,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const setupIntentId = method === 'GET' ? /^\/v1\/setup_intents\/(\w+)$/.exec(path)?.[1] : undefined;
    if (setupIntentId) {
      const intent = setupIntents.get(setupIntentId);
      return intent ? { status: 200, body: expandIntent(intent, params.expand) } : stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such setup_intent' });
    }
    const methodId = method === 'GET' ? /^\/v1\/payment_methods\/(\w+)$/.exec(path)?.[1] : undefined;
    if (methodId) {
      const found = methods.get(methodId);
      return found ? { status: 200, body: publicMethod(found) } : stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_method' });
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(params);
    const intentId = method === 'GET' ? /^\/v1\/payment_intents\/(\w+)$/.exec(path)?.[1] : undefined;
    if (intentId) {
      const intent = paymentIntents.get(intentId);
      return intent ? { status: 200, body: intent } : stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' });
    }
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  }

  function checkoutPage(session: Json, error?: string): string {
    const cancel = escapeHtml(str(session.cancel_url) ?? '');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test checkout</title></head><body>
<main><h1>Save a card</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post"><label>Card number <input name="cardNumber" autocomplete="cc-number" required></label>
<label>Expiry (MM/YY) <input name="expiry" value="12/34" required></label>
<label>CVC <input name="cvc" value="123" required></label>
<button type="submit">Save card</button></form><p><a href="${cancel}">Cancel</a></p></main></body></html>`;
  }

  async function checkout(request: IncomingMessage, response: ServerResponse, sessionId: string): Promise<void> {
    const session = sessions.get(sessionId);
    const html = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    if (session?.status !== 'open') return html(404, '<!doctype html><title>Expired</title><p>This checkout session is no longer open.</p>');
    if (request.method === 'GET') return html(200, checkoutPage(session));
    const form = new URLSearchParams(await readBody(request));
    const number = (form.get('cardNumber') ?? '').replace(/\s+/g, '');
    const [month = '', year = ''] = (form.get('expiry') ?? '').split('/');
    if (!/^\d{16}$/.test(number)) return html(400, checkoutPage(session, 'Your card number is incomplete.'));
    if (DECLINED_ON_SAVE.has(number)) {
      emit('setup_intent.setup_failed', {
        id: newId('seti'),
        object: 'setup_intent',
        status: 'requires_payment_method',
        customer: session.customer,
        last_setup_error: { code: 'card_declined', decline_code: 'generic_decline' },
      });
      return html(402, checkoutPage(session, 'Your card was declined.'));
    }
    const card: Card = {
      brand: number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'unknown',
      last4: number.slice(-4),
      exp_month: Number(month),
      exp_year: 2000 + Number(year),
      number,
    };
    const pm = { id: newId('pm'), object: 'payment_method', type: 'card', customer: session.customer, card, livemode: false };
    methods.set(pm.id, pm);
    const intent = { id: newId('seti'), object: 'setup_intent', status: 'succeeded', customer: session.customer, payment_method: pm.id, usage: 'off_session', livemode: false };
    setupIntents.set(intent.id, intent);
    session.status = 'complete';
    session.setup_intent = intent.id;
    emit('setup_intent.succeeded', intent);
    emit('checkout.session.completed', { ...session });
    response.writeHead(303, { location: str(session.success_url) ?? '/' });
    response.end();
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const checkoutMatch = /^\/checkout\/([\w]+)$/.exec(url.pathname);
      if (checkoutMatch) return checkout(request, response, checkoutMatch[1]!);
      const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
      requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey });
      if (request.headers.authorization !== `Bearer ${secretKey}`) return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const text = request.method === 'GET' ? url.search.slice(1) : await readBody(request);
      const stored = request.method === 'POST' && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      // A repeated key answers what the first request answered and does nothing again.
      const answer = stored ?? api(request.method ?? 'GET', url.pathname, parseForm(text));
      if (request.method === 'POST' && idempotencyKey && !stored) idempotent.set(idempotencyKey, answer);
      send(response, answer.status, answer.body);
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiBase: base,
    secretKey,
    webhookSecret,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async settled() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
    deliveries,
    requests,
    paymentIntents,
    resend: deliver,
    sign,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
