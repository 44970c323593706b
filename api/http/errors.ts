import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { Language } from '../../model/language.ts';
import { messageIssues, type MessageIssue } from '../../model/messages/issues.ts';
import type { MessageKey, MessageValues } from '../../model/messages/keys.ts';
import { languageFromAcceptLanguage, messageText } from '../../model/messages/text.ts';
import { databaseFailureKey } from './database-failure.ts';
import { unwritableStorageKey } from './unwritable-storage.ts';

/** Every refusal the API makes, each with one status; the compiler catches a code without one. */
const STATUS = {
  bad_request: 400,
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media: 400,
  conflict: 400,
  too_many_requests: 429,
  // The server cannot store the request now (the events queue is full); nothing was kept, try again.
  unavailable: 503,
  internal: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof STATUS;

export type AppErrorOptions = {
  /** Values of the message's `{name}` placeholders. */
  values?: MessageValues;
  /** The refusal field by field, so a form can put each beside its field. */
  issues?: MessageIssue[];
  /** Words the message starts with, e.g. the field a visitor form refuses (`Company name: …`). */
  subject?: string;
  /** The language of the answer, when the thrower knows it better than Accept-Language (a visitor call). */
  lang?: Language;
  /** Extra fields of the answer, e.g. the failed rows of an import. */
  details?: Record<string, unknown>;
};

/**
 * An error the client is meant to read: a message key (and its values), answered as
 * `{ code, key, values, message, issues }` with the text in the request's language.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly key: MessageKey;
  readonly values: MessageValues;
  readonly issues: MessageIssue[];
  readonly subject: string | undefined;
  readonly lang: Language | undefined;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, key: MessageKey, options: AppErrorOptions = {}) {
    // The English text, for logs; the answer is rendered in the caller's language.
    super(withSubject(options.subject, messageText(key, 'en', options.values)));
    this.name = 'AppError';
    this.code = code;
    this.status = STATUS[code];
    this.key = key;
    this.values = options.values ?? {};
    this.issues = options.issues ?? [];
    this.subject = options.subject;
    this.lang = options.lang;
    this.details = options.details;
  }
}

function withSubject(subject: string | undefined, text: string): string {
  return subject ? `${subject}: ${text}` : text;
}

export const notFound = (key: MessageKey = 'notFound', options?: AppErrorOptions) => new AppError('not_found', key, options);

/**
 * A refusal of one field: its issue names the field, and the message starts with its path
 * (`planId: Please enter all required fields.`).
 */
export function fieldError(code: ErrorCode, path: readonly (string | number)[], key: MessageKey, values: MessageValues = {}, options: Omit<AppErrorOptions, 'values' | 'issues'> = {}): AppError {
  return new AppError(code, key, { subject: path.join('.'), ...options, values, issues: [{ path: [...path], key, values: { ...values } }] });
}

/**
 * A failed parse as a 400: the first issue's key and text (after its path), every issue listed.
 * Given the parsed input, a missing field reads "required" rather than "invalid".
 */
export function validationError(error: ZodError, options: { input?: unknown; lang?: Language } = {}): AppError {
  const issues = 'input' in options ? messageIssues(error.issues, options.input) : messageIssues(error.issues);
  const first = issues[0];
  if (!first) return new AppError('validation', 'invalidValue', { lang: options.lang });
  return new AppError('validation', first.key, { values: first.values, issues, subject: first.path.join('.'), lang: options.lang });
}

/**
 * An error as the API answers it: known errors their key in the caller's language (the error's
 * own, else Accept-Language's); anything else is a bug, logged, with its text hidden. Shared by
 * the error handler and the events call's lean path (api/visitor/event-fast-path.ts).
 */
export function errorAnswer(error: Error, acceptLanguage: string | undefined): { status: ContentfulStatusCode; body: Record<string, unknown> } {
  const known =
    error instanceof AppError
      ? error
      : error instanceof ZodError
        ? validationError(error)
        : error instanceof SyntaxError && /JSON/i.test(error.message)
          ? new AppError('bad_request', 'bodyNotJson')
          : (unwritable(error) ?? databaseFailure(error));
  if (!known) console.error(error);
  const answer = known ?? new AppError('internal', 'requestError');
  const lang = answer.lang ?? languageFromAcceptLanguage(acceptLanguage);
  return {
    status: answer.status,
    body: {
      ...answer.details,
      code: answer.code,
      key: answer.key,
      values: answer.values,
      message: withSubject(answer.subject, messageText(answer.key, lang, answer.values)),
      issues: answer.issues,
    },
  };
}

/** A write the storage could not take (full, read-only): a 503 saying so, nothing kept; logged, since an operator must act. */
function unwritable(error: Error): AppError | null {
  const key = unwritableStorageKey(error);
  if (key) console.error(`storage not writable (${key}):`, error.message);
  return key ? new AppError('unavailable', key) : null;
}

/** A statement the database cancelled (its timeout) or a connection lost: a 503 for this request alone; logged, since an operator may have to act. */
function databaseFailure(error: Error): AppError | null {
  const key = databaseFailureKey(error);
  if (key) console.error(`database (${key}):`, error.message);
  return key ? new AppError('unavailable', key) : null;
}

/** The one error handler (errorAnswer). */
export function handleError(error: Error, c: Context): Response {
  const { status, body } = errorAnswer(error, c.req.header('accept-language'));
  return c.json(body, status);
}
