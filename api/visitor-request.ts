import type { Context } from 'hono';
import { AppError } from './errors.ts';

/**
 * A visitor call's JSON body, whatever its content type: `navigator.sendBeacon` sends text/plain.
 * Anything but a JSON object is a 400.
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new AppError('bad_request', 'bodyNotJson');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('bad_request', 'bodyNotObject');
  return body as Record<string, unknown>;
}

/**
 * The honeypot of visitor forms: an input people never see (the viewer hides it and marks it
 * autocomplete="off"), which form-filling bots fill. A filled one gets the usual success answer
 * and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = 'website';

export function caughtByHoneypot(body: Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '';
}
