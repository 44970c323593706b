import { randomUUID } from 'node:crypto';
import { parse } from 'hono/utils/cookie';
import { COOKIE_LIFETIME_DAYS, COOKIE_NAMES } from '../../model/constants.ts';

/** The visitor's ids as cookies hold them: short opaque tokens, anything else is ignored. */
const OPAQUE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const LIFETIME_S = COOKIE_LIFETIME_DAYS * 24 * 3600;

/** The request's cookies by name: parsed once for all the ids a call reads (hono's getCookie(c, name) parses the whole header each time). */
export type RequestCookies = Record<string, string>;
/** A Cookie header's cookies, by hono's own parser (what getCookie(c) answers), so the events call's lean path reads them alike. */
export const cookiesOf = (header: string | null | undefined): RequestCookies => (header ? parse(header) : {});

/** A cookie's value when it is a plausible id, else null (a forged or mangled one is not stored). */
export function readIdCookie(cookies: RequestCookies, name: string): string | null {
  const value = cookies[name];
  return value !== undefined && OPAQUE_ID.test(value) ? value : null;
}

/**
 * The `sessionId` cookie of V §7: ten years, this site's origin only (no Domain attribute, so
 * neither a sibling site nor the admin ever sees it), sent on same-site navigations (Lax), Secure
 * when the site is served over https. Written by hand: hono's setCookie refuses a Max-Age over 400
 * days, and the spec's lifetime is 3650 (browsers cap it at 400 themselves).
 */
export function sessionCookie(value: string, secure: boolean): string {
  return `${COOKIE_NAMES.sessionId}=${value}; Max-Age=${LIFETIME_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The visitor's session id: the cookie's, or a new one the answer must set (`created`). */
export function sessionIdOf(cookies: RequestCookies): { sessionId: string; created: boolean } {
  const known = readIdCookie(cookies, COOKIE_NAMES.sessionId);
  return known ? { sessionId: known, created: false } : { sessionId: randomUUID(), created: true };
}
