import type { Db } from '../db/open-database.ts';
import { AppError } from '../http/errors.ts';
import type { Background } from '../mail/background.ts';
import type { Mailer } from '../mail/mailer.ts';
import { MAIL_REQUESTS, reserveAttempts } from './attempt-counter.ts';
import { sendResetLink } from './send-reset-link.ts';

export type ResetLinkDeps = { db: Db; mailer: Mailer; adminOrigin: string; background: Background };

/**
 * Counts the request (per email and per address, before anything else, so parallel requests
 * each count) and leaves the lookup and the mail to the background: the answer is the same, and
 * as quick, whether or not the email belongs to an account.
 */
export async function requestResetLink(deps: ResetLinkDeps, email: string, ip: string, now = Date.now()): Promise<void> {
  const limits = [
    { key: `forgot-email:${email}`, limit: MAIL_REQUESTS.perEmail },
    { key: `forgot-ip:${ip}`, limit: MAIL_REQUESTS.perIp },
  ];
  if (!(await reserveAttempts(deps.db, limits, MAIL_REQUESTS, now)).allowed) throw new AppError('too_many_requests', 'tooManyRequests');
  deps.background.run('Sending a password reset link', async () => await sendResetLink(deps.db, deps.mailer, deps.adminOrigin, email));
}
