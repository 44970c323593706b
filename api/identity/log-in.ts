import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginInputSchema } from '../../model/account.ts';
import { timingDummyHash, verifyPassword } from './password.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { loadActor, type Actor } from './actor.ts';
import { tenantOf } from './find-account.ts';
import { releaseLoginAttempt, reserveLoginAttempt } from './login-throttle.ts';
import { createSession } from './sessions.ts';

const PHC = /^\$argon2id\$/;

/**
 * Checks an email and password and opens a session: the signed-in actor and the session's
 * secret. The attempt is counted (per email and per address) before the password is checked, so
 * parallel guesses cannot all slip under the limit while their hashes run.
 */
export async function logIn(db: Db, input: z.output<typeof loginInputSchema>, ip: string): Promise<{ actor: Actor; token: string; expiresAt: Date }> {
  const reservation = await reserveLoginAttempt(db, { email: input.email, ip });
  const account = await db.select().from(accounts).where(eq(accounts.email, input.email)).get();
  // An unknown email, or an invited account without a password yet, costs the same hash as a
  // wrong password, so neither the answer nor its time says which it was.
  const stored = account && PHC.test(account.passwordHash) ? account.passwordHash : await timingDummyHash();
  const ok = (await verifyPassword(input.password, stored)) && stored === account?.passwordHash;
  // A terminated contract answers as a wrong password does, right password or not, and the
  // attempt keeps counting: the answer says nothing about the password or the account.
  if (!account || !ok || (await tenantOf(db, account)).contractState === 'terminated') throw new AppError('unauthenticated', 'loginFailed');
  const actor = await loadActor(db, account.id);
  if (!actor) throw new AppError('unauthenticated', 'loginFailed');
  await releaseLoginAttempt(db, reservation);
  const { token, expiresAt } = await createSession(db, account.id);
  return { actor, token, expiresAt };
}
