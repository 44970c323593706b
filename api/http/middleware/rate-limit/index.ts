import type { Context, MiddlewareHandler } from 'hono';
import type { Language } from '../../../../model/language.ts';
import { AppError } from '../../errors.ts';

export type RateLimitOptions = {
  /** Requests a client may make in a burst; refilled evenly over a minute. */
  perMinute: number;
  /** Who a request counts against (its client's address). */
  key: (c: Context) => string;
  /** The language of the refusal (the visitor's); Accept-Language's when absent. */
  language?: (c: Context) => Language;
  /** Methods counted; others pass untouched. */
  methods?: readonly string[];
  now?: () => number;
};

/** Buckets kept before full (idle) ones are dropped. */
const SWEEP_AT = 10_000;

/**
 * A per-client token bucket in memory: `perMinute` requests at once, then one more every
 * 60 s / perMinute. Refused requests get 429 with a Retry-After. In memory is enough for the
 * embedded single-process deploy; several processes would each count their own share.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  if (!(options?.perMinute > 0)) throw new Error('rateLimit needs perMinute > 0');
  const { perMinute, key, language } = options;
  const methods = new Set(options.methods ?? ['POST']);
  const now = options.now ?? Date.now;
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();

  function take(client: string, at: number): number {
    let bucket = buckets.get(client);
    if (!bucket) {
      if (buckets.size >= SWEEP_AT) sweep(at);
      bucket = { tokens: perMinute, at };
      buckets.set(client, bucket);
    }
    bucket.tokens = Math.min(perMinute, bucket.tokens + (at - bucket.at) * refillPerMs);
    bucket.at = at;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / refillPerMs / 1000);
  }

  function sweep(at: number) {
    for (const [client, bucket] of buckets) {
      if (bucket.tokens + (at - bucket.at) * refillPerMs >= perMinute) buckets.delete(client);
    }
  }

  return async function rateLimit(c, next) {
    if (methods.has(c.req.method)) {
      const waitS = take(key(c), now());
      if (waitS > 0) {
        c.header('retry-after', String(waitS));
        throw new AppError('too_many_requests', 'tooManyRequests', { lang: language?.(c) });
      }
    }
    await next();
  };
}
