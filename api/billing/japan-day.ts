import { type SQL, sql } from 'drizzle-orm';

/**
 * The Japan date (`YYYY-MM-DD`) of a millisecond column, in SQL so a count groups by day before it
 * leaves the database. A fixed +9 hours: Japan has kept no daylight saving time since 1951, and
 * billing days are Japan days whatever the server's zone.
 */
export function japanDay(column: SQL): SQL {
  return sql`date((${column} + 32400000) / 1000, 'unixepoch')`;
}
