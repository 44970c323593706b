import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginInputSchema } from '../../model/account.ts';
import { timingDummyHash, verifyPassword } from './password.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { loadActor, type Actor } from './actor.ts';
import { tenantOf } from './find-account.ts';
import { assertNotThrottled, clearLoginFailures, recordLoginFailure } from './login-throttle.ts';
import { createSession } from './sessions.ts';

const PHC = /^\$argon2id\$/;

/**
 * Checks an email and password (throttled per email and per address) and opens a session: the
 * signed-in actor and the session's secret. A terminated contract can no longer log in.
 */
export async function logIn(db: Db, input: z.output<typeof loginInputSchema>, ip: string): Promise<{ actor: Actor; token: string; expiresAt: Date }> {
  const keys = { email: input.email, ip };
  assertNotThrottled(db, keys);
  const account = db.select().from(accounts).where(eq(accounts.email, input.email)).get();
  // An unknown email, or an invited account without a password yet, costs the same hash as a
  // wrong password, so neither the answer nor its time says which it was.
  const stored = account && PHC.test(account.passwordHash) ? account.passwordHash : await timingDummyHash();
  const ok = (await verifyPassword(input.password, stored)) && stored === account?.passwordHash;
  if (!account || !ok) {
    recordLoginFailure(db, keys);
    throw new AppError('unauthenticated', 'loginFailed');
  }
  clearLoginFailures(db, input.email);
  if (tenantOf(db, account).contractState === 'terminated') throw new AppError('forbidden', 'contractTerminated');
  const actor = loadActor(db, account.id);
  if (!actor) throw new AppError('unauthenticated', 'loginFailed');
  const { token, expiresAt } = createSession(db, account.id);
  return { actor, token, expiresAt };
}
