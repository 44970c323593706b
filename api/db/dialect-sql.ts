import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * The hand-written SQL fragments whose spelling differs between SQLite and PostgreSQL, in one
 * place. drizzle's builder writes the rest the same for both (pg/postgres-dialect.ts).
 */

/** A JSON text column with its top-level `key` set to the string `value`. */
export const jsonSetText = (column: SQLiteColumn, key: string, value: string): SQL => sql`json_set(${column}, ${`$.${key}`}, ${value})`;
