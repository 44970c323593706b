import type { Language } from '../../../../model/language.ts';
import { acceptLanguage } from '../i18n/i18n.tsx';

/** Spec §7: calls time out after 60 s. */
const TIMEOUT_MS = 60_000;
/** Spec §8: a failed refresh sends to login after 1 s, a 403 to the forbidden page after 2 s. */
const LOGIN_DELAY_MS = 1000;
const FORBIDDEN_DELAY_MS = 2000;
const NO_INTERNET = 'Cannot connect to the server. Check your internet connection or try again later.';
const REQUEST_ERROR = 'Request error. Please try again.';
/** Screens a failed refresh does not leave (spec §8). */
const STAY_ON = ['/login', '/reset-pass', '/new-password'];

export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type Hooks = {
  navigate(path: string): void;
  toast(text: string, kind: 'error' | 'success'): void;
  lang(): Language;
  /** Translates a spec message into the console's language. */
  msg(message: string): string;
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
    .finally(() => { setTimeout(() => { refreshing = null; }, 0); });
  return refreshing;
}

/** Spec §8: the message from the answer (a string, or the first of an array), else its status text. */
function messageOf(body: Record<string, unknown>, statusText: string): string {
  const { message } = body;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return statusText || REQUEST_ERROR;
}

export type CallOptions = {
  /** The caller shows the error itself (a login form); nothing is toasted. */
  quiet?: boolean;
  /** A public screen's call: a 401 is an answer, not an expired session. */
  noRefresh?: boolean;
  signal?: AbortSignal;
};

/**
 * One call to the API (`/api{path}`) with the spec's error behaviour (§8): a 401 tries one
 * refresh and repeats the call; a failed refresh goes to login after 1 s; a 403 re-reads the
 * account and, for a screen's read, goes to the forbidden page after 2 s (a refused save only
 * says why, so nothing typed is lost); no answer at all shows the no-internet toast.
 */
export async function call<T>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  const isForm = body instanceof FormData;
  const send = () => fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      'accept-language': hooks ? acceptLanguage(hooks.lang()) : 'ja',
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
      throw new ApiError(504, REQUEST_ERROR);
    }
    if ((error as Error).name === 'AbortError') throw error;
    hooks?.toast(hooks.msg(NO_INTERNET), 'error');
    throw new ApiError(0, NO_INTERNET);
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
  const message = messageOf(errorBody, response.statusText);
  if (response.status === 401 && !options.noRefresh) {
    if (!STAY_ON.some((screen) => location.pathname.startsWith(screen))) setTimeout(() => hooks?.navigate('/login'), LOGIN_DELAY_MS);
  } else if (response.status === 403 && !options.noRefresh) {
    const account = await hooks?.reloadAccount().catch(() => null);
    if (account?.mustChangePassword) hooks?.navigate('/first-time-change-password');
    else if (method === 'GET') setTimeout(() => hooks?.navigate('/errors/403'), FORBIDDEN_DELAY_MS);
  }
  if (!options.quiet) hooks?.toast(hooks.msg(message), 'error');
  throw new ApiError(response.status, message, errorBody);
}

export const api = {
  get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('PUT', path, body, options),
  del: <T>(path: string, options?: CallOptions) => call<T>('DELETE', path, undefined, options),
};
