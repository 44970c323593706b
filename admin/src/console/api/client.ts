import type { Language } from '../../../../model/language.ts';
import type { MessageIssue } from '../../../../model/messages/issues.ts';
import { isMessageKey, type MessageKey } from '../../../../model/messages/keys.ts';
import { tableText, type MessageTable } from '../../../../model/messages/table.ts';
import { uiText } from '../i18n/catalogue.ts';
import { acceptLanguage } from '../i18n/i18n.tsx';
import { messagesIfAny } from '../i18n/messages.ts';

/** Spec §7: calls time out after 60 s. */
const TIMEOUT_MS = 60_000;
/** Spec §8: a failed refresh sends to login after 1 s, a 403 to the forbidden page after 2 s. */
const LOGIN_DELAY_MS = 1000;
const FORBIDDEN_DELAY_MS = 2000;
/** Screens a failed refresh does not leave (spec §8). */
const STAY_ON = ['/login', '/reset-pass', '/new-password'];

function valuesOf(values: unknown): Record<string, string | number> {
  if (!values || typeof values !== 'object') return {};
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
}

/** The keyed issues of an answer's body, leaving out what is not one of ours. */
export function issuesOf(issues: unknown): MessageIssue[] {
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: { path?: unknown; key?: unknown; values?: unknown }) =>
    Array.isArray(issue?.path) && isMessageKey(issue.key)
      ? [{ path: issue.path.filter((step): step is string | number => typeof step === 'string' || typeof step === 'number'), key: issue.key, values: valuesOf(issue.values) }]
      : [],
  );
}

/** Spec §8: the message from the answer (a string, or the first of an array), else its status text. */
function messageOf(body: Record<string, unknown>, statusText: string): string {
  const { message } = body;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return statusText;
}

/**
 * A refused call. Its `message` is the answer's key worded by `texts`, the console's language's
 * messages (the answer's own message, else its status text, when it names no key of ours or the
 * texts could not be fetched); `issues` name the fields.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly key: MessageKey | null;
  readonly values: Record<string, string | number>;
  readonly issues: MessageIssue[];
  constructor(status: number, body: Record<string, unknown>, texts: MessageTable | undefined, statusText = '') {
    const key = isMessageKey(body.key) ? body.key : null;
    const values = valuesOf(body.values);
    super(key && texts ? tableText(texts, key, values) : messageOf(body, statusText) || (texts ? tableText(texts, 'requestError') : ''));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.key = key;
    this.values = values;
    this.issues = issuesOf(body.issues);
  }
}

type Hooks = {
  navigate(path: string): void;
  toast(text: string, kind: 'error' | 'success'): void;
  lang(): Language;
  /** After a 403: the account as the server now sees it (a forced password change, say). */
  reloadAccount(): Promise<{ mustChangePassword: boolean } | null>;
};

let hooks: Hooks | null = null;

/** The console wires navigation, toasts and language in once, at its root. */
export function configureClient(next: Hooks): void {
  hooks = next;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: calls failing together with 401 share it. */
function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/api/auth/refresh-token', { method: 'POST', credentials: 'same-origin' })
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      setTimeout(() => {
        refreshing = null;
      }, 0);
    });
  return refreshing;
}

export type CallOptions = {
  /** The caller shows the error itself (a login form); nothing is toasted. */
  quiet?: boolean;
  /** A public screen's call: a 401 is an answer, not an expired session. */
  noRefresh?: boolean;
  signal?: AbortSignal;
  /**
   * The caller reads only whether the call succeeded (the session check every load makes): a
   * refusal is not worded, so it fetches no texts and the login screen loads none.
   */
  statusOnly?: boolean;
};

/**
 * One call to the API (`/api{path}`) with the spec's error behaviour (§8): a 401 tries one
 * refresh and repeats the call; a failed refresh goes to login after 1 s; a 403 re-reads the
 * account and, for a screen's read, goes to the forbidden page after 2 s (a refused save only
 * says why, so nothing typed is lost); no answer at all shows the no-internet toast. A refusal is
 * worded once the console's language's texts are here (fetched at the first one).
 */
export async function call<T>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  const isForm = body instanceof FormData;
  const lang = hooks?.lang() ?? 'jp';
  const send = () =>
    fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': acceptLanguage(lang),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: options.signal ?? AbortSignal.timeout(TIMEOUT_MS),
    });

  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && !options.noRefresh && (await refreshSession())) response = await send();
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      if (method === 'GET') hooks?.navigate('/errors/504');
      throw new ApiError(504, { key: 'requestError' }, await messagesIfAny(lang));
    }
    if ((error as Error).name === 'AbortError') throw error;
    // The texts may be out of reach too: the shell's own copy of the message stands in.
    const offline = new ApiError(0, { key: 'noInternet', message: uiText('noInternet', lang) }, await messagesIfAny(lang));
    hooks?.toast(offline.message, 'error');
    throw offline;
  }

  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  if (response.ok) return parsed as T;

  const errorBody = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const refusal = new ApiError(response.status, errorBody, options.statusOnly ? undefined : await messagesIfAny(lang), response.statusText);
  if (response.status === 401 && !options.noRefresh) {
    if (!STAY_ON.some((screen) => location.pathname.startsWith(screen))) setTimeout(() => hooks?.navigate('/login'), LOGIN_DELAY_MS);
  } else if (response.status === 403 && refusal.key === 'ipNotAllowed') {
    // B §2, §8: refused for the address it came from, whatever the call: the 403-ip page says so.
    hooks?.navigate('/errors/403-ip');
  } else if (response.status === 403 && !options.noRefresh) {
    const account = await hooks?.reloadAccount().catch(() => null);
    if (account?.mustChangePassword) hooks?.navigate('/first-time-change-password');
    else if (method === 'GET') setTimeout(() => hooks?.navigate('/errors/403'), FORBIDDEN_DELAY_MS);
  }
  if (!options.quiet) hooks?.toast(refusal.message, 'error');
  throw refusal;
}
