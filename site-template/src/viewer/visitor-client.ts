import type { Language } from '../../../model/language.ts';
import { visitorMessage } from '../../../model/visitor-messages.ts';
import { clearEndUserToken, endUserToken } from './members.ts';
import { showToast } from './toast.ts';

export type ApiAnswer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string };

export type ApiOptions = {
  lang: Language;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Send this site's end-user token; a 401 then clears it (V §8). */
  memberOf?: string;
  /** Background calls (popups, campaign, notifications) fail silently: the visitor asked for nothing. */
  quiet?: boolean;
};

/** V §8: the message of an error answer, a string or the first of an array, else the status text. */
export function errorMessage(body: unknown, statusText: string, lang: Language): string {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return statusText || visitorMessage('requestError', lang);
}

/**
 * Calls the visitor API on this origin (`/api/...`, the same on a custom domain). Answers the
 * parsed JSON or the error message of V §8; no answer at all shows the no-internet toast. End-user
 * tokens are never refreshed: the API issues none that could be, so a 401 clears the token.
 */
export async function callVisitorApi<T>(path: string, options: ApiOptions): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': options.lang };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = options.memberOf ? endUserToken(options.memberOf) : null;
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'GET', headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  } catch {
    const message = visitorMessage('noInternet', options.lang);
    if (!options.quiet) showToast(message);
    return { ok: false, status: 0, message };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  if (response.status === 401 && options.memberOf) clearEndUserToken(options.memberOf);
  return { ok: false, status: response.status, message: errorMessage(body, response.statusText, options.lang) };
}
