import type { Language } from '../../../model/language.ts';
import type { MessageIssue } from '../../../model/messages/issues.ts';
import type { VisitorMessageKey } from '../../../model/messages/keys.ts';
import { isVisitorMessageKey, visitorText } from '../../../model/messages/visitor-text.ts';
import { clearEndUserToken, endUserToken } from './members.ts';
import { showToast } from './toast.ts';

/** A field's refusal whose key the viewer has a text for. */
export type VisitorIssue = Omit<MessageIssue, 'key'> & { key: VisitorMessageKey };
/** A refusal: the text to show, and the fields it names (`issues`, keyed). */
export type ApiRefusal = { ok: false; status: number; message: string; issues: VisitorIssue[] };
export type ApiAnswer<T> = { ok: true; status: number; data: T } | ApiRefusal;

export type ApiOptions = {
  lang: Language;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Send this site's end-user token; a 401 then clears it (V §8). */
  memberOf?: string;
  /** Background calls (popups, campaign, notifications) fail silently: the visitor asked for nothing. */
  quiet?: boolean;
};

type ErrorBody = { key?: unknown; values?: unknown; message?: unknown; issues?: unknown };

function valuesOf(values: unknown): Record<string, string | number> {
  if (!values || typeof values !== 'object') return {};
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
}

/** The keyed field refusals of an error answer; malformed entries are left out. */
export function errorIssues(body: unknown): VisitorIssue[] {
  const issues = body && typeof body === 'object' ? (body as ErrorBody).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: { path?: unknown; key?: unknown; values?: unknown }) =>
    Array.isArray(issue?.path) && isVisitorMessageKey(issue.key)
      ? [{ path: issue.path.filter((step): step is string | number => typeof step === 'string' || typeof step === 'number'), key: issue.key, values: valuesOf(issue.values) }]
      : [],
  );
}

/**
 * V §8: an error answer's text. Its key's text when the viewer knows the key and no field is
 * named (a field's refusal comes with the field's title in front, from the server); else the
 * message, a string or the first of an array; else the status text.
 */
export function errorMessage(body: unknown, statusText: string, lang: Language): string {
  const { key, values, message, issues } = body && typeof body === 'object' ? (body as ErrorBody) : {};
  if (isVisitorMessageKey(key) && !(Array.isArray(issues) && issues.length > 0)) return visitorText(key, lang, valuesOf(values));
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return statusText || visitorText('requestError', lang);
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
    const message = visitorText('noInternet', options.lang);
    if (!options.quiet) showToast(message);
    return { ok: false, status: 0, message, issues: [] };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  if (response.status === 401 && options.memberOf) clearEndUserToken(options.memberOf);
  return { ok: false, status: response.status, message: errorMessage(body, response.statusText, options.lang), issues: errorIssues(body) };
}
