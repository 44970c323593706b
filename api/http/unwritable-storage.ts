import type { MessageKey } from '../../model/messages/keys.ts';

/**
 * Why a write failed because the server's storage cannot take it, as the message key the caller
 * reads, or null for any other failure. The disk full (ENOSPC, EDQUOT), the file system read-only
 * (EROFS), from a file write or from SQLite (SQLITE_FULL, SQLITE_READONLY…) or PostgreSQL (disk_full
 * 53100, read_only_sql_transaction 25006), or an S3-compatible store answering that it is full
 * (507, MinIO's storage-full and quota codes) or that writing is denied (AccessDenied, as to a
 * read-only bucket policy or key). The error's causes are followed: a publish wraps what failed.
 * Never the error's own text: it names paths inside the server (`EROFS: …/.~tmp-…`).
 */
export function unwritableStorageKey(error: unknown): Extract<MessageKey, 'storageFull' | 'storageReadOnly'> | null {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    const code = 'code' in at ? String(at.code) : '';
    if (FULL_CODES.has(code) || FULL_CODES.has(at.name) || s3Status(at) === 507) return 'storageFull';
    if (READ_ONLY_CODES.has(code) || code.startsWith('SQLITE_READONLY') || READ_ONLY_CODES.has(at.name)) return 'storageReadOnly';
  }
  return null;
}

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100', 'StorageFull', 'XMinioStorageFull', 'XMinioAdminBucketQuotaExceeded', 'QuotaExceeded']);
const READ_ONLY_CODES = new Set(['EROFS', '25006', 'AccessDenied']);

/** The HTTP status of an AWS SDK error, if it is one. */
function s3Status(error: Error): number | undefined {
  if (!('$metadata' in error) || typeof error.$metadata !== 'object' || error.$metadata === null) return undefined;
  return 'httpStatusCode' in error.$metadata && typeof error.$metadata.httpStatusCode === 'number' ? error.$metadata.httpStatusCode : undefined;
}
