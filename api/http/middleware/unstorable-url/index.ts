import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../errors.ts';

/**
 * A NUL, another C0 control character or DEL in a request's path or query, percent-encoded: the
 * only way one arrives, since Node's HTTP parser refuses them raw and a URL percent-encodes them.
 * PostgreSQL text cannot hold a NUL at all (the query fails, a 500), SQLite and C strings end at
 * one, and no address of ours names the others.
 */
const CONTROL_IN_URL = /%(?:[01][0-9a-f]|7f)/i;

/**
 * Refuses such a request with a 400 before anything reads its path or query, a database above
 * all, whichever host it came to. A `%2500` stays the harmless text `%00`.
 */
export function refuseUnstorableUrl(): MiddlewareHandler {
  return async function refuseUnstorableUrl(c, next) {
    const url = c.req.url;
    const target = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    if (CONTROL_IN_URL.test(target)) throw new AppError('bad_request', 'addressInvalidCharacters');
    await next();
  };
}
