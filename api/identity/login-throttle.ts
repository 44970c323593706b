import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { loginThrottle } from '../db/schema-identity.ts';
import { AppError } from '../http/errors.ts';

/**
 * Login throttling (docs/decisions.md): failures are counted per email, whether or not an
 * account has it (so a lock says nothing about existence), and per client IP. Reaching a limit
 * within the window locks that key for LOCK_MS; a success clears the email's count.
 */
export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  perEmail: 5,
  perIp: 20,
} as const;

export type ThrottleKeys = { email: string; ip: string };

const keysOf = ({ email, ip }: ThrottleKeys) => [`email:${email}`, `ip:${ip}`];

/** Answers 429 while the email or the IP is locked. */
export function assertNotThrottled(db: Db, keys: ThrottleKeys, now = Date.now()): void {
  const rows = db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keysOf(keys)))
    .all();
  if (rows.some((row) => row.lockedUntil && row.lockedUntil.getTime() > now)) throw new AppError('too_many_requests', 'tooManyAttempts');
}

/** Counts a failed login against the email and the IP, locking a key that reaches its limit. */
export function recordLoginFailure(db: Db, keys: ThrottleKeys, now = Date.now()): void {
  db.transaction((tx) => {
    for (const key of keysOf(keys)) {
      const limit = key.startsWith('email:') ? THROTTLE.perEmail : THROTTLE.perIp;
      const row = tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).get();
      const fresh = !row || now - row.windowStart.getTime() >= THROTTLE.windowMs;
      const failures = fresh ? 1 : row.failures + 1;
      const windowStart = fresh ? new Date(now) : row.windowStart;
      const lockedUntil = failures >= limit ? new Date(now + THROTTLE.lockMs) : null;
      tx.insert(loginThrottle).values({ key, failures, windowStart, lockedUntil }).onConflictDoUpdate({ target: loginThrottle.key, set: { failures, windowStart, lockedUntil } }).run();
    }
  });
}

/** A successful login forgets the email's failures (the IP's stay: one IP may try many emails). */
export function clearLoginFailures(db: Db, email: string): void {
  db.delete(loginThrottle)
    .where(eq(loginThrottle.key, `email:${email}`))
    .run();
}
