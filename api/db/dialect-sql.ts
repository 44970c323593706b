import { type Column, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The hand-written SQL fragments whose spelling differs between SQLite and PostgreSQL, each written
 * out once here with both spellings side by side; queries call these and stay one text. drizzle's
 * builder writes the rest the same for both (pg/postgres-dialect.ts). Values cross in one shape on
 * both (pg/postgres-engine.ts): a time is milliseconds, a boolean 1 or 0, JSON text; a Date or a
 * boolean may be passed as a parameter to either.
 */

export type Dialect = 'sqlite' | 'postgres';

/**
 * The dialect of the statement being written. drizzle writes a statement's text synchronously in
 * its dialect's `sqlToQuery`, and PostgresDialect sets this for the length of that call: a fragment
 * is then written for the database that runs it, with no database handle passed down to the
 * functions that build queries. Anything else that writes SQL (SQLite, drizzle-kit) gets SQLite's.
 */
let writing: Dialect = 'sqlite';

/** Runs `write`, a synchronous writing of one statement, with every fragment spelled for `dialect`. */
export function writingFor<T>(dialect: Dialect, write: () => T): T {
  const before = writing;
  writing = dialect;
  try {
    return write();
  } finally {
    writing = before;
  }
}

class PerDialect implements SQLWrapper {
  readonly #spelling: Readonly<Record<Dialect, SQL>>;

  constructor(spelling: Readonly<Record<Dialect, SQL>>) {
    this.#spelling = spelling;
  }

  getSQL(): SQL {
    return this.#spelling[writing];
  }

  /** Written as it is: each spelling brackets itself where it needs to. */
  shouldOmitSQLParens(): boolean {
    return true;
  }
}

/** A fragment spelled per dialect: the statement gets the spelling of the database that runs it. */
export const perDialect = (spelling: Readonly<Record<Dialect, SQL>>): SQL => sql`${new PerDialect(spelling)}`;

/**
 * The default of a time column: now, to the millisecond. SQLite stores milliseconds since 1970;
 * PostgreSQL a `timestamptz(3)`, which rounds to the millisecond. Both read the clock when the row is
 * written, not when its transaction began (SQLite's `unixepoch`, PostgreSQL's `clock_timestamp`).
 * drizzle writes a column's SQL default into the inserts it builds, so this is run on both.
 */
export const currentTime: SQL = perDialect({ sqlite: sql`(unixepoch('subsec') * 1000)`, postgres: sql`clock_timestamp()` });

/**
 * The value of an identity column an insert leaves out: SQLite numbers a NULL integer key itself,
 * PostgreSQL numbers only a DEFAULT one (drizzle's SQLite builder writes NULL for a column without a value).
 */
export const nextId: SQL = perDialect({ sqlite: sql`null`, postgres: sql`default` });

/** A JSON column with its top-level `key` set to the string `value`. */
export const jsonSetText = (column: Column, key: string, value: string): SQL =>
  perDialect({
    sqlite: sql`json_set(${column}, ${`$.${key}`}, ${value})`,
    postgres: sql`jsonb_set(${column}, array[${key}::text], to_jsonb(${value}::text))`,
  });

/** A JSON column without its top-level `key`. */
export const jsonRemoveKey = (column: Column, key: string): SQL =>
  perDialect({
    sqlite: sql`json_remove(${column}, ${`$.${key}`})`,
    postgres: sql`(${column} - ${key}::text)`,
  });

/**
 * The members of a JSON object column as a table of `key` and `value` (a string's text, any other
 * value's JSON), for `FROM`; it may name columns of the tables before it (SQLite's table-valued
 * functions and PostgreSQL's set-returning ones both may). Give it an alias: `${jsonMembers(c)} AS m`.
 */
export const jsonMembers = (column: SQL | Column): SQL =>
  perDialect({
    sqlite: sql`json_each(${column})`,
    postgres: sql`jsonb_each_text(${column})`,
  });

/** A member's value as text, for matching: SQLite's `value` of a number or boolean is not text, and LIKE wants text on PostgreSQL. */
export const memberText = (value: SQL): SQL =>
  perDialect({
    sqlite: sql`CAST(${value} AS TEXT)`,
    postgres: value,
  });

/**
 * The calendar day (`YYYY-MM-DD`) of a time column, shifted by a whole number of milliseconds first
 * (a zone's fixed offset), so a count groups by day before it leaves the database.
 */
export function dayOf(time: SQL | Column, shiftMs: number): SQL {
  if (!Number.isSafeInteger(shiftMs)) throw new Error(`dayOf: ${shiftMs} is not a whole number of milliseconds`);
  const shift = sql.raw(String(shiftMs));
  return perDialect({
    sqlite: sql`date((${time} + ${shift}) / 1000, 'unixepoch')`,
    postgres: sql`to_char((${time} AT TIME ZONE 'UTC') + ${shift} * interval '1 millisecond', 'YYYY-MM-DD')`,
  });
}
