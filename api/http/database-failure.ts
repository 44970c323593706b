import type { MessageKey } from '../../model/messages/keys.ts';

/**
 * Why a request failed because of the database rather than itself, as the message key the caller
 * reads, or null for any other failure. PostgreSQL cancelled the statement (57014: the
 * `statement_timeout` of DATABASE_STATEMENT_TIMEOUT_MS, or an operator's cancel) → databaseTimeout;
 * the connection was lost or could not be made (class 08, which the engine also gives a failed
 * connect, and 57P01–57P03: the server terminated it or is shutting down or starting) →
 * databaseUnavailable. The error's causes are followed. Either is answered 503: the request may
 * simply be made again, and the node goes on serving the others.
 */
export function databaseFailureKey(error: unknown): Extract<MessageKey, 'databaseTimeout' | 'databaseUnavailable'> | null {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    const code = 'code' in at ? String(at.code) : '';
    if (code === QUERY_CANCELED) return 'databaseTimeout';
    if (code.startsWith(CONNECTION_EXCEPTION_CLASS) && code.length === 5) return 'databaseUnavailable';
    if (SERVER_GONE.has(code)) return 'databaseUnavailable';
  }
  return null;
}

const QUERY_CANCELED = '57014';
const CONNECTION_EXCEPTION_CLASS = '08';
const SERVER_GONE = new Set(['57P01', '57P02', '57P03']);
