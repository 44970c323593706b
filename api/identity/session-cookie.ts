import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { AppError } from '../http/errors.ts';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * Every name an admin session cookie has had or could be shadowed by: the release before
 * `__Host-` used `sg_session`, which any host of the same site (a published site on
 * `*.localhost`, or on a sibling subdomain with `Domain=`) can set for the admin's paths.
 */
const SESSION_COOKIE_NAMES: ReadonlySet<string> = new Set([SESSION_COOKIE, 'sg_session', '__Secure-sg_session']);

/** Paths a shadowing cookie is likely set for, cleared when one is found. */
const SHADOW_PATHS = ['/', '/api', '/api/'];

/**
 * The `__Host-` prefix makes the browser refuse this cookie from any other host, and with any
 * `Domain` or a path other than `/`; Secure is then required (Chromium and Firefox accept it on
 * http://localhost). SameSite=Strict: no other site's page sends it along.
 */
function cookieOptions(expires: Date) {
  return { httpOnly: true, secure: true, sameSite: 'Strict', path: '/', expires } as const;
}

export function setSessionCookie(c: Context, token: string, expires: Date): void {
  setCookie(c, SESSION_COOKIE, token, cookieOptions(expires));
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
}

/**
 * The session token of a request, read from the raw Cookie header so that duplicates are seen
 * (a cookie parser keeps one of two same-named cookies). More than one session cookie, of any
 * of the names, means another host planted one: the request is refused rather than guessing
 * which account it is for, and the planted ones this host can reach are cleared.
 */
export function readSessionCookie(c: Context): string | undefined {
  const found: { name: string; value: string }[] = [];
  for (const pair of (c.req.header('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    const name = (at < 0 ? pair : pair.slice(0, at)).trim();
    if (SESSION_COOKIE_NAMES.has(name)) found.push({ name, value: at < 0 ? '' : pair.slice(at + 1).trim() });
  }
  if (found.length > 1) {
    const host = new URL(c.req.url).hostname;
    for (const name of SESSION_COOKIE_NAMES) {
      if (name === SESSION_COOKIE) continue;
      for (const path of SHADOW_PATHS) {
        deleteCookie(c, name, { path, secure: true });
        deleteCookie(c, name, { path, domain: host, secure: true });
      }
    }
    clearSessionCookie(c);
    throw new AppError('unauthenticated', 'sessionCookieConflict');
  }
  // Only the __Host- cookie opens a session; an old or planted `sg_session` alone is no session.
  const value = found[0]?.name === SESSION_COOKIE ? found[0].value : undefined;
  return value ? decodeURIComponent(value) : undefined;
}
