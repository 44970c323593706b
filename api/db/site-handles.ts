import type Database from 'better-sqlite3';
import { handleCandidates } from '../../model/site-handle.ts';

/** Whether an error is the database's refusal of a second row with the same unique value (SQLite's code, or PostgreSQL's SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505');
}

/**
 * Gives a site without one a handle derived from its id (model/site-handle.ts), in the column
 * and in its settings. The unique index decides between two sites wanting one name: the loser
 * tries the next candidate, then numbered ones.
 */
export function assignHandle(client: Database.Database, siteId: string): string | null {
  const update = client.prepare("UPDATE sites SET handle = ?, settings = json_set(settings, '$.handle', ?) WHERE id = ? AND handle IS NULL");
  const candidates = handleCandidates(siteId);
  const last = candidates.at(-1) ?? 'site';
  for (let n = 2; n < 100; n++) candidates.push(`${last.slice(0, 58)}-${n}`);
  for (const handle of candidates) {
    try {
      if (update.run(handle, handle, siteId).changes === 1) return handle;
      return null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`No free handle for site ${siteId}.`);
}

/** Sites made before handles existed get theirs when the database opens. */
export function assignMissingHandles(client: Database.Database): void {
  const missing = client.prepare('SELECT id FROM sites WHERE handle IS NULL').all() as { id: string }[];
  for (const { id } of missing) assignHandle(client, id);
}
