import type { SQL } from 'drizzle-orm';
import { dayOf } from '../db/dialect-sql.ts';

/** Japan's offset from UTC. */
const JAPAN_OFFSET_MS = 9 * 3_600_000;

/**
 * The Japan date (`YYYY-MM-DD`) of a time column, in SQL so a count groups by day before it
 * leaves the database. A fixed +9 hours: Japan has kept no daylight saving time since 1951, and
 * billing days are Japan days whatever the server's zone.
 */
export function japanDay(column: SQL): SQL {
  return dayOf(column, JAPAN_OFFSET_MS);
}
