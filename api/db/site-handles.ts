import { isNull, sql } from 'drizzle-orm';
import { handleCandidates } from '../../model/site-handle.ts';
import type { Queries } from './queries.ts';
import { sites } from './schema.ts';
import { jsonSetText } from './dialect-sql.ts';

/** Whether an error is the database's refusal of a second row with the same unique value (SQLite's code, or PostgreSQL's SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505');
}

/**
 * Gives a site without one a handle derived from its id (model/site-handle.ts), in the column
 * and in its settings. The unique index decides between two sites wanting one name: the loser
 * tries the next candidate, then numbered ones. Each try is a savepoint, so a refused one leaves
 * the caller's transaction usable (PostgreSQL aborts a whole transaction at a failed statement).
 */
export async function assignHandle(db: Queries, siteId: string): Promise<string | null> {
  const candidates = handleCandidates(siteId);
  const last = candidates.at(-1) ?? 'site';
  for (let n = 2; n < 100; n++) candidates.push(`${last.slice(0, 58)}-${n}`);
  for (const handle of candidates) {
    try {
      const { changes } = await db.transaction(
        async (attempt) =>
          await attempt
            .update(sites)
            .set({ handle, settings: jsonSetText(sites.settings, 'handle', handle) })
            .where(sql`${sites.id} = ${siteId} and ${sites.handle} is null`)
            .run(),
      );
      return changes === 1 ? handle : null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`No free handle for site ${siteId}.`);
}

/** Sites made before handles existed get theirs when the database opens. */
export async function assignMissingHandles(db: Queries): Promise<void> {
  const missing = await db.select({ id: sites.id }).from(sites).where(isNull(sites.handle)).all();
  for (const { id } of missing) await assignHandle(db, id);
}
