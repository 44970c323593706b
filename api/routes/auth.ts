import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z, ZodError } from 'zod';
import { emailSchema, loginInputSchema, ROUTE_PREFIX } from '../../model/account.ts';
import { languageFromAcceptLanguage, messageIn } from '../../model/messages.ts';
import { changePasswordInputSchema, PASSWORDS_DO_NOT_MATCH, resetPasswordInputSchema } from '../../model/password-rule.ts';
import { loadActor, type Actor } from '../auth/actor.ts';
import { timingDummyHash, verifyPassword } from '../auth/password.ts';
import { createSession, deleteSessionsOf, rotateSession, SESSION_COOKIE, validateSession } from '../auth/sessions.ts';
import { clientIp } from '../client-ip.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { LocalizedError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sessionCookieOptions } from '../middleware/authorize/index.ts';
import { tenantOf } from '../services/find-account.ts';
import { assertNotThrottled, clearLoginFailures, recordLoginFailure } from '../services/login-throttle.ts';
import { issuePasswordToken, readPasswordToken } from '../services/password-tokens.ts';
import { sendPasswordLink } from '../services/send-password-link.ts';
import { setPassword } from '../services/set-password.ts';


export const LOGIN_FAILED = messageIn('loginFailed', 'en');

const PHC = /^\$argon2id\$/;

/** What the admin learns about the signed-in caller (GET /auth/user-info and the login answer). */
function userInfo(actor: Actor) {
  return {
    account: {
      id: actor.id,
      email: actor.email,
      accountType: actor.accountType,
      effectiveType: actor.effectiveType,
      routePrefix: actor.routePrefix,
      tenantId: actor.tenantId,
      role: actor.role,
      authority: actor.authority,
      contractState: actor.contractState,
      mustChangePassword: actor.mustChangePassword,
      plan: actor.plan,
    },
  };
}

/** Parses a password form, answering the spec's own message (in the caller's language) when the confirmation differs. */
function parsePasswordForm<T>(schema: z.ZodType<T>, body: unknown): T {
  try {
    return schema.parse(body);
  } catch (error) {
    if (error instanceof ZodError && error.issues[0]?.message === PASSWORDS_DO_NOT_MATCH) throw new LocalizedError('validation', 'passwordsDoNotMatch');
    throw error;
  }
}

export type AuthRouteDeps = { db: Db; secureCookie: boolean; mailer: Mailer; adminOrigin: string };

export function authRoutes(deps: AuthRouteDeps) {
  const { db, secureCookie, mailer, adminOrigin } = deps;
  const lang = (header: string | undefined) => languageFromAcceptLanguage(header);
  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const input = loginInputSchema.parse(await c.req.json());
      const keys = { email: input.email, ip: clientIp(c) };
      assertNotThrottled(db, keys);
      const account = db.select().from(accounts).where(eq(accounts.email, input.email)).get();
      // An unknown email, or an invited account without a password yet, costs the same hash as a
      // wrong password, so neither the answer nor its time says which it was.
      const stored = account && PHC.test(account.passwordHash) ? account.passwordHash : await timingDummyHash();
      const ok = (await verifyPassword(input.password, stored)) && stored === account?.passwordHash;
      if (!account || !ok) {
        recordLoginFailure(db, keys);
        throw new LocalizedError('unauthenticated', 'loginFailed');
      }
      clearLoginFailures(db, input.email);
      if (tenantOf(db, account).contractState === 'terminated') throw new LocalizedError('forbidden', 'contractTerminated');
      const actor = loadActor(db, account.id);
      if (!actor) throw new LocalizedError('unauthenticated', 'loginFailed');
      const { token, expiresAt } = createSession(db, account.id);
      setCookie(c, SESSION_COOKIE, token, sessionCookieOptions(secureCookie, expiresAt));
      return c.json(userInfo(actor));
    })
    .post('/logout', (c) => {
      // Logging out ends every session of the account, on every device.
      const token = getCookie(c, SESSION_COOKIE);
      const session = token ? validateSession(db, token) : null;
      if (session) deleteSessionsOf(db, [session.accountId]);
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return c.json({ message: messageIn('loggedOut', lang(c.req.header('accept-language'))) });
    })
    .post('/refresh-token', (c) => {
      const { token, expiresAt } = rotateSession(db, c.get('session'));
      setCookie(c, SESSION_COOKIE, token, sessionCookieOptions(secureCookie, expiresAt));
      return c.json({ ...userInfo(c.get('account')), expiresAt: expiresAt.toISOString() });
    })
    .get('/user-info', (c) => c.json(userInfo(c.get('account'))))
    .get('/route-prefixes', (c) => c.json({ prefixes: ROUTE_PREFIX, subAdmin: 'the parent account\'s prefix' }))
    .post('/forgot-password', async (c) => {
      const { email } = z.object({ email: emailSchema }).parse(await c.req.json());
      const account = db.select().from(accounts).where(eq(accounts.email, email)).get();
      // The same answer whether or not the email is known.
      if (account && tenantOf(db, account).contractState !== 'terminated') {
        const token = issuePasswordToken(db, account.id, 'reset');
        await sendPasswordLink(mailer, { adminOrigin, to: account.email, token, purpose: 'reset' });
      }
      return c.json({ message: messageIn('resetLinkSent', lang(c.req.header('accept-language'))) });
    })
    .post('/verify-token', async (c) => {
      const { token } = z.object({ token: z.string().max(200).default('') }).parse(await c.req.json().catch(() => ({})));
      const found = readPasswordToken(db, token);
      const account = db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, found.accountId)).get();
      if (!account) throw new LocalizedError('bad_request', 'userNotFound');
      return c.json({ email: account.email, purpose: found.purpose });
    })
    .post('/reset-password', async (c) => {
      // A body that is no object (`null`, a number) reads as an empty form: its token is missing.
      const body = z.record(z.string(), z.unknown()).catch({}).parse(await c.req.json().catch(() => ({})));
      const found = readPasswordToken(db, typeof body.token === 'string' ? body.token : undefined);
      const input = parsePasswordForm(resetPasswordInputSchema, body);
      await setPassword(db, found.accountId, input.password);
      return c.json({ message: messageIn('passwordChanged', lang(c.req.header('accept-language'))) });
    })
    .post('/change-password', async (c) => {
      const actor = c.get('account');
      const input = parsePasswordForm(changePasswordInputSchema, await c.req.json());
      const account = db.select().from(accounts).where(eq(accounts.id, actor.id)).get()!;
      if (!(await verifyPassword(input.currentPassword, account.passwordHash))) throw new LocalizedError('validation', 'currentPasswordWrong');
      await setPassword(db, actor.id, input.password, c.get('session').id);
      return c.json({ message: messageIn('passwordChanged', lang(c.req.header('accept-language'))) });
    });
}
