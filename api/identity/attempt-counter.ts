import { ROW_LEVEL } from '../db/async-database.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queries } from '../db/open-database.ts';
import { loginThrottle } from '../db/schema-identity.ts';

/**
 * Requests that mail an address someone typed (forgot-password, a member's resent registration
 * link), per email and per client address within the window; the next one answers 429.
 */
export const MAIL_REQUESTS = { perEmail: 30, perIp: 30, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 } as const;

/** How long a count runs and how long a key stays locked once it reaches its limit. */
export type AttemptWindow = { windowMs: number; lockMs: number };

/** One key's limit: `email:…`, `ip:…`, `member:…`, `forgot-email:…`… */
export type AttemptLimit = { key: string; limit: number };

/** What a reservation took: the key's count with this attempt, and the window it counts in. */
export type Reservation = { key: string; attempts: number; windowStart: number };

/**
 * Counts one attempt against every key before the caller does the slow part (a password hash,
 * a mail), and says whether it may go on: every key's count, this attempt included, is within
 * its limit. Each key is one conditional upsert whose new count is decided by SQLite from the
 * row as it is at that instant, so parallel attempts (in this process or another) each get
 * their own number and N attempts count N; the transaction holds SQLite's one connection, and on
 * PostgreSQL the upsert locks the key's row until it commits, so nothing interleaves either. A refused attempt counts too: a flood keeps the
 * key at its limit until the lock runs out (the lock itself is not pushed further).
 */
export async function reserveAttempts(db: Db, limits: readonly AttemptLimit[], window: AttemptWindow, now = Date.now()): Promise<{ allowed: boolean; reservations: Reservation[] }> {
  return await db.transaction(async (tx) => {
    const reservations: (Reservation & { limit: number })[] = [];
    for (const { key, limit } of limits) {
      const lockedUntil = sql.raw('login_throttle.locked_until');
      const fresh = sql`((${lockedUntil} IS NOT NULL AND ${lockedUntil} <= ${new Date(now)}) OR (${lockedUntil} IS NULL AND login_throttle.window_start <= ${new Date(now - window.windowMs)}))`;
      const attempts = sql`CASE WHEN ${fresh} THEN 1 ELSE login_throttle.failures + 1 END`;
      const row = await tx
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStart: new Date(now), lockedUntil: limit <= 1 ? new Date(now + window.lockMs) : null })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: attempts,
            windowStart: sql`CASE WHEN ${fresh} THEN ${new Date(now)} ELSE login_throttle.window_start END`,
            // A running lock stays as it is; otherwise the attempt that reaches the limit starts one.
            lockedUntil: sql`CASE WHEN NOT ${fresh} AND ${lockedUntil} > ${new Date(now)} THEN ${lockedUntil} WHEN (${attempts}) >= ${limit} THEN ${new Date(now + window.lockMs)} ELSE NULL END`,
          },
        })
        .returning({ attempts: loginThrottle.failures, windowStart: loginThrottle.windowStart })
        .get();
      reservations.push({ key, attempts: row.attempts, windowStart: row.windowStart.getTime(), limit });
    }
    return {
      allowed: reservations.every((reservation) => reservation.attempts <= reservation.limit),
      reservations: reservations.map(({ key, attempts, windowStart }) => ({ key, attempts, windowStart })),
    };
  }, ROW_LEVEL);
}

/**
 * Gives one attempt back (a login that succeeded should not count against a shared address),
 * only in the window it was taken in; a key back under its limit is unlocked.
 */
export async function releaseAttempt(db: Queries, reservation: Reservation, limit: number): Promise<void> {
  await db
    .update(loginThrottle)
    .set({
      failures: sql`CASE WHEN login_throttle.failures > 0 THEN login_throttle.failures - 1 ELSE 0 END`,
      lockedUntil: sql`CASE WHEN login_throttle.failures - 1 < ${limit} THEN NULL ELSE login_throttle.locked_until END`,
    })
    .where(and(eq(loginThrottle.key, reservation.key), eq(loginThrottle.windowStart, new Date(reservation.windowStart))))
    .run();
}

/** Forgets a key's count (a successful login clears its email's). */
export async function forgetAttempts(db: Queries, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key)).run();
}
