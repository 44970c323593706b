import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';

/** A salt lives this long from the start of its day, then is deleted (docs/decisions.md). */
export const SALT_LIFETIME_MS = 48 * 3600_000;

const DAY_MS = 24 * 3600_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export type SaltStore = {
  /** The salt of the UTC day `at` falls in, made on first use. */
  saltOf(at: number): Promise<string>;
};

/** Deletes the salts whose day began 48 hours or more before `at` (never the current day's); answers how many. */
export async function deleteExpiredSalts(db: Db, at: number): Promise<number> {
  const result = await db.run(sql`DELETE FROM analytics_salts WHERE day <= ${dayOf(at - SALT_LIFETIME_MS)}`);
  return result.changes;
}

/**
 * Cookieless counting's daily salts, in `analytics_salts`. One per UTC day, made by the first
 * cookieless event of the day (which also deletes the expired ones); the server's hourly job
 * deletes them when no such event comes. Kept in memory once read: one lookup per day, not per event.
 */
export function createSaltStore(db: Db): SaltStore {
  let current: { day: string; salt: string } | undefined;

  return {
    async saltOf(at) {
      const day = dayOf(at);
      if (current?.day === day) return current.salt;
      await deleteExpiredSalts(db, at);
      // Insert unless there is one, then read: whoever made the day's salt first, everyone uses that one.
      await db.run(sql`INSERT INTO analytics_salts (day, salt) VALUES (${day}, ${randomBytes(32).toString('base64url')}) ON CONFLICT DO NOTHING`);
      const row = await db.get<{ salt: string } | undefined>(sql`SELECT salt FROM analytics_salts WHERE day = ${day}`);
      const salt = row?.salt;
      if (!salt) throw new Error(`the analytics salt of ${day} could not be stored`);
      current = { day, salt };
      return salt;
    },
  };
}

/**
 * A cookieless visitor's id: the same for one browser at one address on one site for one UTC
 * day, unlinkable to the next day's once the salt is gone; the address and the user agent are
 * never stored.
 */
export function cookielessVisitorId(salt: string, siteId: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${siteId}\n${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
}

/** How often the server deletes expired salts when no cookieless event does it. */
export const SALT_SWEEP_EVERY_MS = DAY_MS / 24;
