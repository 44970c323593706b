import { ROW_LEVEL } from '../db/async-database.ts';
import { AppError } from '../http/errors.ts';
import type { Db } from '../db/open-database.ts';
import { forgetAttempts, releaseAttempt, reserveAttempts, type Reservation } from './attempt-counter.ts';

/**
 * Login throttling (docs/decisions.md): every attempt is counted per email, whether or not an
 * account has it (so a lock says nothing about existence), and per client address, before the
 * password is checked. Reaching a limit within the window locks that key for lockMs; a success
 * clears the email's count and gives its attempt back to the address.
 */
export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  perEmail: 5,
  perIp: 20,
} as const;

export type ThrottleKeys = { email: string; ip: string };

/** A login's place in the counts, to give back if it succeeds. */
export type LoginReservation = { email: string; ip: Reservation };

/** Counts this attempt against the email and the address; 429 when either is over its limit (the attempt still counts). */
export async function reserveLoginAttempt(db: Db, { email, ip }: ThrottleKeys, now = Date.now()): Promise<LoginReservation> {
  const limits = [
    { key: `email:${email}`, limit: THROTTLE.perEmail },
    { key: `ip:${ip}`, limit: THROTTLE.perIp },
  ];
  const { allowed, reservations } = await reserveAttempts(db, limits, THROTTLE, now);
  if (!allowed) throw new AppError('too_many_requests', 'tooManyAttempts');
  return { email, ip: reservations[1]! };
}

/** A successful login forgets the email's attempts and gives its own back to the address (one address may sign in many accounts). */
export async function releaseLoginAttempt(db: Db, reservation: LoginReservation): Promise<void> {
  await db.transaction(async (tx) => {
    await forgetAttempts(tx, `email:${reservation.email}`);
    await releaseAttempt(tx, reservation.ip, THROTTLE.perIp);
  }, ROW_LEVEL);
}
