/**
 * Values one `IN (…)` list or one multi-row insert takes: one statement holds at most 32,766
 * values on SQLite and 65,535 on PostgreSQL, and a list as long as a user's file (50,000 imported
 * accounts read back) answered 500 after the commit. 500 leaves room for the statement's other
 * values, and for the columns of a multi-row insert (accounts: 19 a row).
 */
export const STATEMENT_CHUNK = 500;

/** `values` in slices of at most STATEMENT_CHUNK, in order. */
export function chunksOf<T>(values: readonly T[], size = STATEMENT_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < values.length; start += size) chunks.push(values.slice(start, start + size));
  return chunks;
}

/** Runs `read` on each slice of `values` (see STATEMENT_CHUNK) and joins the rows: no statement names more values than a slice. */
export async function readInChunks<T, R>(values: readonly T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const chunk of chunksOf(values)) rows.push(...(await read(chunk)));
  return rows;
}
