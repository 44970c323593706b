import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';

/** Every refusal the API makes, each with one status; the compiler catches a code without one. */
const STATUS = {
  bad_request: 400,
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 400,
  unsupported_media: 400,
  conflict: 400,
  too_many_requests: 429,
  internal: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof STATUS;

/** An error the client is meant to read: its message is shown as is. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = STATUS[code];
  }
}

export const notFound = (what = 'The requested item was not found.') => new AppError('not_found', what);

/** Names the first failing field, so a form can put the message beside it. */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input.';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** The one error handler: known errors answer their message; anything else is a bug, logged, with its text hidden. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof AppError) return c.json({ message: error.message, code: error.code }, error.status);
  if (error instanceof ZodError) return c.json({ message: describeZodError(error), code: 'validation' }, 400);
  if (error instanceof SyntaxError && /JSON/i.test(error.message)) return c.json({ message: 'The request body is not valid JSON.', code: 'bad_request' }, 400);
  console.error(error);
  return c.json({ message: 'Request error. Please try again.', code: 'internal' }, 500);
}
