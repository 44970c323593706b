import type { Context, MiddlewareHandler } from 'hono';
import type { Language } from '../../../../model/language.ts';
import { AppError } from '../../errors.ts';
import { memoryTokenBuckets, type TokenBuckets } from './token-buckets.ts';

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
  /** Where the buckets live: this process's memory unless given (several limits may share one store, told apart by `name`). */
  buckets?: TokenBuckets;
  /** Sets this limit's buckets apart from other limits' in a shared store. */
  name?: string;
};

/** Spends one token of a client's bucket: 0, or the seconds until one is back (refused). */
export type TakeToken = (client: string) => number | Promise<number>;

/**
 * A per-client token bucket: `perMinute` requests at once, then one more every 60 s / perMinute.
 * Refused requests get 429 with a Retry-After. The buckets are this process's own unless `buckets`
 * shares them (Redis, when several server processes answer the same clients). `take` spends from
 * the same buckets outside Hono (the events call's lean path, api/visitor/event-fast-path.ts).
 */
export function rateLimiter(options: RateLimitOptions): { middleware: MiddlewareHandler; take: TakeToken } {
  if (!(options?.perMinute > 0)) throw new Error('rateLimit needs perMinute > 0');
  const { perMinute, key, language } = options;
  const methods = new Set(options.methods ?? ['POST']);
  const now = options.now ?? Date.now;
  const buckets = options.buckets ?? memoryTokenBuckets();
  const name = options.name ? `${options.name}:` : '';
  const take: TakeToken = (client) => buckets.take(`${name}${client}`, perMinute, now());

  return {
    take,
    middleware: async function rateLimit(c, next) {
      if (methods.has(c.req.method)) {
        const waitS = await take(key(c));
        if (waitS > 0) {
          c.header('retry-after', String(waitS));
          throw new AppError('too_many_requests', 'tooManyRequests', { lang: language?.(c) });
        }
      }
      await next();
    },
  };
}

/** rateLimiter's middleware alone. */
export const rateLimit = (options: RateLimitOptions): MiddlewareHandler => rateLimiter(options).middleware;
