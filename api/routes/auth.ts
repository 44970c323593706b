import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { verifyPassword, timingDummyHash } from '../auth/password.ts';
import { createSession, deleteSession, SESSION_COOKIE } from '../auth/sessions.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { AppError } from '../errors.ts';
import type { MiddlewareHandler } from 'hono';

export const loginInputSchema = z.object({
  email: z.email('Invalid email address.').transform((email) => email.toLowerCase()),
  password: z.string().min(1, 'Please enter all required fields.').max(200),
});

export const LOGIN_FAILED = 'The login ID or password is incorrect. Please check and try logging in again.';

export function authRoutes(deps: { db: Db; secureCookie: boolean; requireSession: MiddlewareHandler<AppEnv> }) {
  const { db, secureCookie } = deps;
  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const input = loginInputSchema.parse(await c.req.json());
      const account = db.select().from(accounts).where(eq(accounts.email, input.email)).get();
      // An unknown email costs the same hash as a wrong password, so the answer leaks nothing.
      const ok = await verifyPassword(input.password, account?.passwordHash ?? (await timingDummyHash()));
      if (!account || !ok) throw new AppError('unauthenticated', LOGIN_FAILED);
      const { token, expiresAt } = createSession(db, account.id);
      setCookie(c, SESSION_COOKIE, token, { httpOnly: true, secure: secureCookie, sameSite: 'Lax', path: '/', expires: expiresAt });
      return c.json({ account: { id: account.id, email: account.email, accountType: account.accountType } });
    })
    .post('/logout', (c) => {
      const token = getCookie(c, SESSION_COOKIE);
      if (token) deleteSession(db, token);
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return c.json({ message: 'Logged out.' });
    })
    .get('/user-info', deps.requireSession, (c) => c.json({ account: c.get('account') }));
}
