import { getCookie, setCookie } from 'hono/cookie';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/open-database.ts';
import { SESSION_COOKIE, validateSession } from '../../auth/sessions.ts';
import type { AppEnv } from '../../env.ts';
import { AppError } from '../../errors.ts';

export type RequireSessionOptions = { db: Db; secureCookie: boolean };

/**
 * Lets a request through only with a valid back-office session, putting its account on the
 * context; renews the cookie when the session slid forward. The one place the identity issue
 * replaces to bring roles and tenancy.
 */
export function requireSession(options: RequireSessionOptions): MiddlewareHandler<AppEnv> {
  if (!options?.db) throw new Error('requireSession needs a database');
  const { db, secureCookie } = options;
  return async function requireSession(c, next) {
    const token = getCookie(c, SESSION_COOKIE);
    const session = token ? validateSession(db, token) : null;
    if (!token || !session) throw new AppError('unauthenticated', 'Please log in.');
    if (session.renewed) {
      setCookie(c, SESSION_COOKIE, token, { httpOnly: true, secure: secureCookie, sameSite: 'Lax', path: '/', expires: session.expiresAt });
    }
    c.set('account', session.account);
    c.set('sessionToken', token);
    await next();
  };
}
